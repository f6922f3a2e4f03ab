import type { CameraStatus } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ffmpegProcesses } from '../../src/media/test-support/hub-helpers.js';
import { closeAllLive, openLive, type LiveClient } from './live.js';
import type { LogCapture } from './log-capture.js';
import { appForSuite } from './suite-app.js';
import { simulatorForSuite } from './suite-simulator.js';
import { bearer } from './users.js';

/** The simulated camera's RTSP password: it must never reach a viewer or the log. */
export const YARD_PASSWORD = 'Sup3r$ecret:pw';
/** Smaller than the default so a stalled viewer overflows within seconds; still holds a whole 2 s GOP. */
export const LIVE_QUEUE = { maxSeconds: 2.5, maxBytes: 2 * 1024 * 1024 };

/**
 * The live video path end to end, for live.test.ts and live-refusals.test.ts: the real app on a port, the GStreamer
 * camera simulator (with credentials in its URLs) as camera "Yard", real ffmpeg, an admin and a viewer with
 * cameras:access. After each test the live viewers are closed and the camera is running again; after the file,
 * closing the app must have stopped every upstream ffmpeg.
 */
export function liveYardSuite(logs?: LogCapture) {
  const yard = simulatorForSuite({ cameras: 1, names: ['yard'], credentials: { user: 'admin', password: YARD_PASSWORD } });
  // Registered between the simulator and the app: runs after the app closed, before the simulator goes.
  afterAll(() => {
    expect(ffmpegProcesses(`:${yard.camera.port}/`)).toEqual([]);
  });
  const suite = appForSuite(
    { admin: ['admin'], viewer: ['cameras:access'] },
    {
      app: {
        logLevel: 'debug',
        ...(logs ? { logStream: logs } : {}),
        media: {
          hub: { idleTimeoutMs: 1_000, process: { backoff: { initialMs: 200, maxMs: 1_000 }, killTimeoutMs: 1_000 } },
          viewerQueue: LIVE_QUEUE,
        },
        live: { authTimeoutMs: 500, highWaterBytes: 16 * 1024 },
      },
      listen: true,
    },
  );
  /** Every HTTP answer the viewer got (headers, and the body unless it is an image). */
  const received: string[] = [];

  async function asViewer(options: InjectOptions) {
    const response = await suite.app.inject({ ...options, headers: { ...suite.bearer('viewer'), ...options.headers } });
    received.push(`${JSON.stringify(response.headers)}\n${String(response.headers['content-type']).startsWith('image/') ? '' : response.body}`);
    return response;
  }
  const asAdmin = (options: InjectOptions) => suite.app.inject({ ...options, headers: { ...bearer(suite.token.admin), ...options.headers } });
  const viewerLive = (name = 'Yard', options: Parameters<typeof openLive>[2] = {}): LiveClient =>
    openLive(suite.url, name, { token: suite.token.viewer, ...options });
  const status = async (name = 'Yard'): Promise<CameraStatus> => (await asViewer({ url: `/api/cameras/${name}/status` })).json<CameraStatus>();

  beforeAll(async () => {
    const { camera } = yard;
    const created = await asAdmin({
      method: 'POST',
      url: '/api/cameras',
      payload: { name: 'Yard', videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 } },
    });
    expect(created.statusCode).toBe(201);
  });
  afterEach(async () => {
    closeAllLive();
    await waitFor(async () => (await status()).viewers === 0, { message: 'the viewers to leave' });
    if (!yard.camera.running) await yard.camera.start();
  });

  return { yard, suite, received, asViewer, asAdmin, viewerLive, status };
}
