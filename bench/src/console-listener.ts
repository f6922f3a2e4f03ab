import type { ClientToServerEvents, ServerToClientEvents } from '@homecam/shared';
import { io, type Socket } from 'socket.io-client';

/**
 * An admin's open Console during a bench run (BENCH_CONSOLE=1): a socket that receives every `logMessage` batch,
 * so the run measures the server with the log pipeline's socket path active.
 */
export interface ConsoleListener {
  batches: number;
  entries: number;
  close: () => Promise<void>;
}

export function openConsoleListener(url: string, token: string): ConsoleListener {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, { auth: { token }, transports: ['websocket'], forceNew: true });
  const listener: ConsoleListener = {
    batches: 0,
    entries: 0,
    close: () => Promise.resolve(void socket.disconnect()),
  };
  socket.on('logMessage', (entries) => {
    listener.batches += 1;
    listener.entries += entries.length;
  });
  return listener;
}
