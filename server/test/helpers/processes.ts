import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

function stat(pid: number): { state: string; ppid: number; comm: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const [state = '', ppid = '0'] = text.slice(close + 2).split(' ');
    return { state, ppid: Number(ppid), comm: text.slice(text.indexOf('(') + 1, close) };
  } catch {
    return null; // gone
  }
}

/** Whether pid runs and is not a zombie left for a reaper (a container's init may never reap it). */
export function running(pid: number): boolean {
  const info = stat(pid);
  return info !== null && info.state !== 'Z';
}

/** Running ffmpeg processes whose parent is `parent` (Linux /proc). */
export function ffmpegChildrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const info = stat(pid);
      return info !== null && info.ppid === parent && info.comm === 'ffmpeg' && info.state !== 'Z';
    });
}

/** A child Node process running a TypeScript fixture, its stdout and stderr collected as they arrive. */
export interface FixtureChild {
  child: ChildProcess;
  output: { out: string; err: string };
  /** The signal that ended it (null when it exited by itself). */
  exited: Promise<NodeJS.Signals | null>;
}

/**
 * Runs `script` (a .ts fixture, through tsx, with the workspace sources) in a child process with `env` added, so
 * a test can kill it in the middle of its work (SIGKILL) and look at what it left on disk.
 */
export function spawnTsFixture(script: string, env: Record<string, string>): FixtureChild {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { out: '', err: '' };
  child.stdout?.on('data', (chunk: Buffer) => (output.out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output.err += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => done(signal)));
  return { child, output, exited };
}
