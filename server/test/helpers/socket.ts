import type { ClientToServerEvents, ServerToClientEvents } from '@homecam/shared';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const open: ClientSocket[] = [];

/** A client like the web's: manual connect with the token in `auth`, no reconnection (tests decide). */
export function socketClient(url: string, token: string | undefined, extraHeaders?: Record<string, string>): ClientSocket {
  const socket: ClientSocket = io(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    ...(extraHeaders && { extraHeaders }),
  });
  open.push(socket);
  return socket;
}

export function closeAllSockets(): void {
  for (const socket of open.splice(0)) socket.disconnect();
}

/** Connects and resolves 'connected', or the connect_error message (the server's error code). */
export function connectOutcome(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
    socket.connect();
  });
}

/** Resolves with the arguments of the next `event` (typed per event in the callers' assertions). */
export function nextEvent(socket: ClientSocket, event: keyof ServerToClientEvents): Promise<unknown[]> {
  const untyped = socket as unknown as { once(event: string, listener: (...args: unknown[]) => void): void };
  return new Promise((resolve) => untyped.once(event, (...args) => resolve(args)));
}

export function disconnected(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
