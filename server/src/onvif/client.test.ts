import http from 'node:http';
import { parseOnvifAddress } from '@homecam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ONVIF_RESPONSE_BYTES } from './bounded-agent.js';
import { connectOnvif } from './client.js';

/** A camera's answers are outside input: their size is bounded before the client buffers and parses them. */
let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

const TOTAL = 50 * 1024 * 1024;

async function cameraAnswering(bytes: number): Promise<{ port: number; sent: () => number; closed: Promise<void> }> {
  let sent = 0;
  let closed: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (closed = resolve));
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/soap+xml' });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('close', () => closed());
    write();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { port: address.port, sent: () => sent, closed: done };
}

describe('connectOnvif', () => {
  it('cuts an answer larger than the limit (ONVIF_BAD_RESPONSE) instead of buffering it', async () => {
    const camera = await cameraAnswering(TOTAL);
    const connecting = connectOnvif(parseOnvifAddress(`127.0.0.1:${camera.port}`), 'admin', 'x', { timeoutMs: 5_000 });
    await expect(connecting).rejects.toMatchObject({ code: 'ONVIF_BAD_RESPONSE' });
    await camera.closed;
    // The client hung up early: the camera got rid of a few socket buffers' worth, not the whole answer.
    expect(camera.sent()).toBeLessThan(TOTAL / 4);
    expect(camera.sent()).toBeGreaterThan(MAX_ONVIF_RESPONSE_BYTES);
  });
});
