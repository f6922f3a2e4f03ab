import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { parentDeathWrapper, tiedCommand } from './children.js';

/** Whether pid runs and is not a zombie left for a reaper (a container's init may never reap it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function cmdline(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

describe('children tied to the server', () => {
  it('wraps a resolvable command in setpriv --pdeathsig, leaves an unknown one alone (ENOENT still surfaces)', () => {
    const wrapper = parentDeathWrapper();
    if (wrapper) {
      expect(tiedCommand('ffmpeg', ['-i', 'x'])).toEqual({ command: wrapper, args: ['--pdeathsig', 'SIGKILL', '--', 'ffmpeg', '-i', 'x'] });
    }
    expect(tiedCommand('/nonexistent/ffmpeg', ['-i', 'x'])).toEqual({ command: '/nonexistent/ffmpeg', args: ['-i', 'x'] });
  });

  // Probe #16: after `kill -9` of the server, its ffmpeg children were still alive seconds later.
  it.skipIf(process.platform !== 'linux' || parentDeathWrapper() === null)('ffmpeg dies when its Node parent is SIGKILLed', async () => {
    const marker = `homecam-tied-${randomUUID()}`;
    const script = resolve(import.meta.dirname, '..', 'test-support', 'tied-child.ts');
    const parent = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script], {
      env: { ...process.env, MARKER: marker },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let pid = 0;
    parent.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      pid = Number(await waitFor(() => /FFMPEG (\d+)/.exec(out)?.[1], { timeoutMs: 30_000, message: 'the ffmpeg pid' }));
      // setpriv exec'd ffmpeg: same pid, ffmpeg's own command line (what ps shows), our marker in it.
      await waitFor(() => cmdline(pid)[0]?.endsWith('ffmpeg'), { timeoutMs: 10_000, message: 'ffmpeg exec' });
      expect(cmdline(pid)).toContain(`comment=${marker}`);
      expect(running(pid)).toBe(true);
      const exited = new Promise((done) => parent.once('exit', done));
      parent.kill('SIGKILL');
      await exited;
      await waitFor(() => !running(pid), { timeoutMs: 5_000, message: 'ffmpeg to die with its parent' });
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      if (pid && running(pid) && cmdline(pid).includes(`comment=${marker}`)) process.kill(pid, 'SIGKILL'); // failed: no orphan
    }
  }, 60_000);
});
