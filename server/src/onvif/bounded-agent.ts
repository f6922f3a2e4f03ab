import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

/**
 * What a camera sends back is outside input: the `onvif` client buffers a whole answer before parsing it (and
 * its namespace regex is not linear), so each connection is cut after MAX_ONVIF_RESPONSE_BYTES. Real answers
 * (GetProfiles of a camera with many profiles) are a few tens of kilobytes.
 */
export const MAX_ONVIF_RESPONSE_BYTES = 256 * 1024;

export class OnvifResponseTooLarge extends Error {
  constructor() {
    super('the camera answered more than the ONVIF response limit');
  }
}

type CreateConnection = (options: object, callback: (error: Error | null, socket: Duplex) => void) => Duplex;

function bound(socket: Duplex, limit: number): Duplex {
  let received = 0;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) socket.destroy(new OnvifResponseTooLarge());
  });
  return socket;
}

/** An http(s) agent (no keep-alive: one camera request at a time) whose sockets are cut past `limit` bytes. */
export function boundedAgent(secure: boolean, limit = MAX_ONVIF_RESPONSE_BYTES): http.Agent {
  // LAN cameras serve https with self-signed certificates; there is no authority to check them against.
  const agent = secure ? new https.Agent({ keepAlive: false, rejectUnauthorized: false }) : new http.Agent({ keepAlive: false });
  const create = (agent as unknown as { createConnection: CreateConnection }).createConnection.bind(agent);
  (agent as unknown as { createConnection: CreateConnection }).createConnection = (options, callback) => bound(create(options, callback), limit);
  return agent;
}
