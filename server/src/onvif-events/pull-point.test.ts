import { freePort, startFakeOnvif, type FakeOnvifDevice } from '@homecam/tools';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PullPoint } from './pull-point.js';
import { MAX_ANSWER_BYTES, OnvifCallError } from './soap-client.js';

/** The pull point's calls against the fake ONVIF device, and against hostile answers from a plain HTTP server. */
const STREAMS = { main: 'rtsp://127.0.0.1:9/main', sub: 'rtsp://127.0.0.1:9/sub' };
const credentials = { username: 'admin', password: 'secret' };
let device: FakeOnvifDevice | null = null;
let server: http.Server | null = null;

afterEach(async () => {
  await device?.stop();
  device = null;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function failure(promise: Promise<unknown>): Promise<OnvifCallError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(OnvifCallError);
  return error as OnvifCallError;
}

/** A local server answering every POST with `answer`. */
async function serve(answer: (response: http.ServerResponse) => void): Promise<URL> {
  const port = await freePort();
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(response));
  });
  await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${port}/onvif/device_service`);
}

describe('ONVIF pull point', () => {
  it('subscribes to a camera whose clock is an hour off: the digest is made on the camera clock', async () => {
    device = await startFakeOnvif({ streams: STREAMS, clockSkewSeconds: 3600 });
    const pullPoint = new PullPoint({ device: new URL(device.url), credentials }, 2000);
    await pullPoint.subscribe(10, AbortSignal.timeout(5000));
    expect(device.subscriptionCount).toBe(1);
    // Termination on this machine's clock: about 10 s from now, not an hour off.
    expect(Math.abs(pullPoint.terminatesAt - Date.now() - 10_000)).toBeLessThan(2000);
    device.emitMotion(true);
    const [motion] = await pullPoint.pull(1, 10, AbortSignal.timeout(5000));
    expect(motion?.topic).toBe('tns1:RuleEngine/CellMotionDetector/Motion');
    expect(motion?.data.get('IsMotion')).toBe('true');
    await pullPoint.unsubscribe(AbortSignal.timeout(5000));
    expect(device.subscriptionCount).toBe(0);
  });

  it('a refused login is an auth error whose message holds no password', async () => {
    device = await startFakeOnvif({ streams: STREAMS, unauthorizedStatus: 401 });
    const pullPoint = new PullPoint({ device: new URL(device.url), credentials: { username: 'admin', password: 'hunter2-wrong' } }, 2000);
    const error = await failure(pullPoint.subscribe(10, AbortSignal.timeout(5000)));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain('hunter2');
  });

  it('refuses an answer larger than the limit instead of reading it all', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    const url = await serve((response) => {
      response.writeHead(200, { 'Content-Type': 'application/soap+xml' });
      // Far more than the limit, as long as the client keeps reading.
      const pump = () => {
        while (written < 64 * MAX_ANSWER_BYTES && response.write(chunk)) written += chunk.length;
        if (written < 64 * MAX_ANSWER_BYTES && !response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const error = await failure(new PullPoint({ device: url, credentials }, 2000).subscribe(10, AbortSignal.timeout(5000)));
    expect(error.message).toContain('larger than');
    expect(written).toBeLessThan(64 * MAX_ANSWER_BYTES);
  });

  it('gives up on a camera that never answers, at the call deadline', async () => {
    device = await startFakeOnvif({ streams: STREAMS });
    device.setUnresponsive(true);
    const error = await failure(new PullPoint({ device: new URL(device.url), credentials }, 300).subscribe(10, AbortSignal.timeout(5000)));
    expect(error.kind).toBe('network');
    // The call's own deadline (300 ms), not the caller's 5 s abort, ended it.
    expect(error.message).toMatch(/timed out/);
  });
});
