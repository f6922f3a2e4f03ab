import {
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type SpawnOptions,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { isExecutableFile, searchPath } from './locate.js';

const live = new Set<ChildProcess>();
let hooked = false;

/**
 * Registers a child to be SIGKILLed when the Node process exits (normal exit, process.exit, or an
 * uncaught exception). A SIGKILLed Node runs no exit handler: spawnTied covers that case. Returns the function
 * that unregisters the child once it has exited.
 */
export function killWithParent(child: ChildProcess): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
  live.add(child);
  return () => {
    live.delete(child);
  };
}

/** Children of this process that are still registered (for tests and diagnostics). */
export function liveChildCount(): number {
  return live.size;
}

function which(name: string): string | null {
  if (name.includes('/')) return isExecutableFile(name) ? name : null;
  return searchPath(name, process.env, isExecutableFile, process.platform);
}

let setprivPath: string | null | undefined;

/** util-linux `setpriv`, looked up once per process; null off Linux or when it is not installed. */
export function parentDeathWrapper(): string | null {
  if (setprivPath === undefined) setprivPath = process.platform === 'linux' ? which('setpriv') : null;
  return setprivPath;
}

/**
 * The command line that runs `command args` so that the kernel SIGKILLs it when this process dies, even by
 * SIGKILL (probe #16: ffmpeg outlived a killed server): `setpriv --pdeathsig SIGKILL -- command args`. setpriv
 * sets PR_SET_PDEATHSIG and execs the command, so the child's pid, name and arguments are ffmpeg's own (ps, kill).
 * The death signal follows the thread that forked; libuv forks from the main thread, which lives as long as the
 * process. Without setpriv, or for a command that does not resolve (so that spawn still fails with ENOENT
 * rather than setpriv exiting 127), the command runs as is; then only a closed stdin/stdout pipe ends it.
 */
export function tiedCommand(command: string, args: readonly string[]): { command: string; args: string[] } {
  const wrapper = parentDeathWrapper();
  if (!wrapper || !which(command)) return { command, args: [...args] };
  return { command: wrapper, args: ['--pdeathsig', 'SIGKILL', '--', command, ...args] };
}

/** child_process.spawn through tiedCommand: the child dies with this process. */
export function spawnTied(
  command: string, args: readonly string[], options: SpawnOptionsWithStdioTuple<StdioPipe, StdioPipe, StdioPipe>,
): ChildProcessByStdio<Writable, Readable, Readable>;
export function spawnTied(
  command: string, args: readonly string[], options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>,
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnTied(command: string, args: readonly string[], options: SpawnOptions): ChildProcess;
export function spawnTied(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const tied = tiedCommand(command, args);
  return spawn(tied.command, tied.args, options);
}
