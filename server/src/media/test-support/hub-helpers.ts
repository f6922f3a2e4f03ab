import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Consumer } from '../consumer.js';
import type { MediaLogger } from '../logger.js';
import type { StreamHub } from '../stream-hub.js';
import type { MediaItem, StreamState, StreamStatus } from '../types.js';

export interface Received {
  item: MediaItem;
  at: number;
}

/** Reads a consumer in the background as fast as it can, recording each item and when it arrived. */
export function collect(consumer: Consumer): { items: Received[]; fragments: () => Received[]; done: Promise<void> } {
  const items: Received[] = [];
  const done = (async () => {
    for await (const item of consumer) items.push({ item, at: Date.now() });
  })();
  return { items, fragments: () => items.filter((r) => r.item.type === 'fragment'), done };
}

/** Records every state event of a hub. */
export function recordStates(hub: StreamHub): StreamStatus[] {
  const states: StreamStatus[] = [];
  hub.on('state', (s) => states.push(s));
  return states;
}

export function nextState(hub: StreamHub, key: string, state: StreamState, timeoutMs = 15_000): Promise<StreamStatus> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      hub.off('state', listener);
      reject(new Error(`timed out waiting for ${key} to become ${state}`));
    }, timeoutMs);
    const listener = (s: StreamStatus): void => {
      if (s.key !== key || s.state !== state) return;
      clearTimeout(timer);
      hub.off('state', listener);
      resolve(s);
    };
    hub.on('state', listener);
  });
}

/** A logger that keeps every call, to check what would have been logged. */
export function memoryLogger(): MediaLogger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (context: object, message: string) => {
    lines.push(`${level} ${message} ${JSON.stringify(context)}`);
  };
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** Running ffmpeg processes whose command line contains `needle` (Linux /proc). */
export function ffmpegProcesses(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv[0]?.endsWith('ffmpeg') && argv.some((a) => a.includes(needle))) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (USER_HZ = 100)
}

/** ffprobe's view of an image or video given as bytes: "codec,width,height". */
export function probeBytes(data: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', '-i', 'pipe:0'],
      (error, stdout) => (error ? reject(new Error(error.message)) : resolve(stdout.trim())),
    );
    child.stdin?.end(data);
  });
}
