import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';

/** socket.io's own path: its engine answers these upgrades itself (realtime/gateway.ts, `destroyUpgrade: false`). */
const SOCKET_IO_PATH = '/socket.io/';

/**
 * Two WebSocket stacks share the one http.Server: socket.io for the events (camera.ui's event names), and
 * @fastify/websocket (raw `ws`) for the live video, which needs binary frames with backpressure. Both listen for
 * the server's 'upgrade' event, and each would take sockets meant for the other. So @fastify/websocket gets a
 * stand-in server that only sees the upgrades outside /socket.io/: those go through Fastify's routing, hooks and
 * access rules. Register before the access hook: it reads `request.ws`.
 */
export async function registerLiveWebSockets(app: FastifyInstance): Promise<void> {
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith(SOCKET_IO_PATH)) upgrades.emit('upgrade', request, socket, head);
  });
  await app.register(fastifyWebsocket, {
    // The plugin only calls on('upgrade') on the server it is given: the emitter stands in for it.
    options: { maxPayload: 64 * 1024, server: upgrades as unknown as Server },
    // A viewer that vanished (reset, network gone) is routine, not an error worth a stack trace.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'live socket error');
      socket.terminate();
    },
  });
}
