import { connect, createServer, type Socket } from 'node:net';
import type { Trigger, TriggerLogger, TriggerAction, TriggerCamera, TriggerExtra, TriggerName, TriggerResult, TriggerSink, TriggerStatus } from './trigger.js';

/** Polls until `condition` returns something truthy; fails with `message` after the deadline. */
export async function waitFor<T>(condition: () => T, options: { timeoutMs?: number; message?: string } = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 5_000, message = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = condition();
    if (value) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface SinkCall {
  action: TriggerAction;
  camera: string;
  source: TriggerName;
  image?: Buffer;
}

/** A sink that records every call; `answer` decides the result (accepted by default). */
export class RecordingSink implements TriggerSink {
  readonly calls: SinkCall[] = [];
  answer: (call: SinkCall) => TriggerResult = () => ({ accepted: true });

  motion(camera: string, source: TriggerName, extra?: TriggerExtra): TriggerResult {
    return this.record({ action: 'motion', camera, source, ...(extra?.image && { image: extra.image }) });
  }

  motionReset(camera: string, source: TriggerName): TriggerResult {
    return this.record({ action: 'motionReset', camera, source });
  }

  doorbell(camera: string, source: TriggerName): TriggerResult {
    return this.record({ action: 'doorbell', camera, source });
  }

  /** Waits for the n-th call (1-based) and returns it. */
  async nth(n: number, timeoutMs = 5_000): Promise<SinkCall> {
    return await waitFor(() => this.calls[n - 1], { timeoutMs, message: `sink call #${n}` });
  }

  private record(call: SinkCall): TriggerResult {
    this.calls.push(call);
    return this.answer(call);
  }
}

export const CAMERAS: TriggerCamera[] = [
  { name: 'Front Door' },
  { name: 'Garage', smtp: { email: 'garage-cam', from: 'hikvision', body: 'Channel 7 motion' } },
  { name: 'My Camera' },
];

export async function waitForStatus(trigger: Trigger, status: TriggerStatus, timeoutMs = 5_000): Promise<void> {
  await waitFor(() => trigger.status() === status, { timeoutMs, message: `${trigger.name} ${status}` });
}

/** True when something can listen on 127.0.0.1:port again. */
export async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Kept here for this module's importers; the one implementation is in @homecam/tools. */
export { freePort } from '@homecam/tools';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  context: Record<string, unknown>;
}

/** A logger that keeps every line; `commands()` lists the FTP commands it saw. */
export function memoryLogger(): TriggerLogger & { lines: LogLine[]; commands: () => string[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (context: object, message: string) => void lines.push({ level, message, context: context as Record<string, unknown> });
  return {
    lines,
    commands: () => lines.flatMap((l) => (typeof l.context.command === 'string' ? [l.context.command] : [])),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}

export interface RawFtp {
  socket: Socket;
  /** Sends one command line and waits for its (final) reply line. */
  send: (line: string) => Promise<string>;
  /** The next reply line not yet taken. */
  nextReply: () => Promise<string>;
  /** Resolves when the server closed the control connection. */
  closed: Promise<void>;
}

/** A raw FTP control connection (after the 220 greeting), for protocol edges a real client never produces. */
export async function rawFtp(port: number, cleanups: (() => unknown)[]): Promise<RawFtp> {
  const socket = connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const nextReply = async (): Promise<string> => {
    const line = await waitFor(() => /^\d{3} .*\r\n/m.exec(received)?.[0], { message: 'FTP reply' });
    received = received.slice(received.indexOf(line) + line.length);
    return line.trim();
  };
  const greeting = await nextReply();
  if (!greeting.startsWith('220 ')) throw new Error(`no FTP greeting: ${greeting}`);
  return {
    socket,
    nextReply,
    closed,
    send: async (line: string) => {
      socket.write(`${line}\r\n`);
      return await nextReply();
    },
  };
}
