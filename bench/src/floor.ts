/**
 * The floor of a camera's CPU: the same ffmpeg the server runs for it (its own command line, read from /proc),
 * started bare with its output thrown away. RTSP/RTP ingest and the `-c copy` remux cost the same in both; what
 * the server adds on top (reading the pipe, parsing fragments, fanning them out) is HomeCam's own share.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { descendants, readCmdlineArgs } from './proc.js';
import type { BenchServer } from './server.js';

export interface FloorProcess {
  pid: number;
  /** The command line, for the notes. */
  command: string;
  stop(): Promise<void>;
}

/** The server's ffmpeg for the camera at `rtspPort`, or null when it runs none for it. */
export function serverFfmpegArgs(serverPid: number, rtspPort: number): string[] | null {
  for (const pid of descendants(serverPid)) {
    const args = readCmdlineArgs(pid);
    if (args[0]?.endsWith('ffmpeg') && args.some((a) => a.includes(`:${rtspPort}/`))) return args;
  }
  return null;
}

/** Starts the bare remux with the server's own arguments; its fMP4 goes to /dev/null. */
export function startFloor(args: readonly string[]): FloorProcess {
  const [command, ...rest] = args;
  if (!command) throw new Error('no ffmpeg command line to copy');
  const child: ChildProcess = spawn(command, rest, { stdio: ['ignore', 'ignore', 'ignore'] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid,
    command: args.join(' '),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** The floor of the camera at `rtspPort` as the server runs it; throws when the server runs no ffmpeg for it. */
export function startFloorOf(server: BenchServer, rtspPort: number): FloorProcess {
  const args = serverFfmpegArgs(server.pid, rtspPort);
  if (!args) throw new Error(`the server runs no ffmpeg for the camera on port ${rtspPort}`);
  return startFloor(args);
}
