import type { MetricsResponse, MetricsUpdate } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/fake-clock.js';
import { closeAllLive, openLive } from './helpers/live.js';
import { ffmpegChildrenOf } from './helpers/processes.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { appForSuite } from './helpers/suite-app.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The Utilization sampler in the real app: a demo camera with a live viewer, real ffmpeg, a short interval.
 * The camera's ffmpeg is a child of this process: the process tree and the camera row must show it.
 */
const CAMERA = 'Metrics Cam';
const suite = appForSuite({ admin: ['admin'], viewer: ['cameras:access'] }, { app: { metrics: { intervalMs: 300 } }, listen: true });

beforeAll(async () => {
  await suite.app.homecam.cameras.create({ name: CAMERA, videoConfig: { source: 'demo:?size=160x120&fps=10&audio=0' } });
});
afterAll(() => {
  closeAllLive();
  closeAllSockets();
});

const metrics = async (token: string) => suite.app.inject({ url: '/api/system/metrics', headers: bearer(token) });

describe('utilization metrics', () => {
  it('samples the process tree with the camera ffmpeg, its bitrate, consumers and the bytes live viewers get', async () => {
    const live = openLive(suite.url, CAMERA, { token: suite.token.viewer });
    await live.next((event) => event.kind === 'fragment', { timeoutMs: 20_000, message: 'a live fragment' });
    let body: MetricsResponse | null = null;
    await waitFor(
      async () => {
        body = (await metrics(suite.token.admin)).json<MetricsResponse>();
        const row = body.cameras.find((r) => r.camera === CAMERA && r.stream === 'main');
        const last = body.samples.at(-1);
        return !!row && row.cpu !== null && row.ingestBitsPerSecond > 0 && row.viewers === 1 && !!last && last.liveBytesPerSecond > 0;
      },
      { timeoutMs: 20_000, message: 'a sample with the camera streaming to the viewer' },
    );
    const { samples, cameras, intervalMs, cores } = body!;
    expect(intervalMs).toBe(300);
    expect(cores).toBeGreaterThan(0);
    const row = cameras.find((r) => r.camera === CAMERA && r.stream === 'main')!;
    // The row's pid is the upstream ffmpeg, a child of this process, so it is in the sampled tree.
    expect(ffmpegChildrenOf(process.pid)).toContain(row.pid);
    expect(row).toMatchObject({ state: 'streaming', viewers: 1, reconnects: 0, droppedFragments: 0 });
    expect(row.consumers).toBeGreaterThanOrEqual(1);
    const last = samples.at(-1)!;
    expect(last.processes).toBeGreaterThanOrEqual(2);
    expect(last.cpuSystem).not.toBeNull();
    expect(last.cpuHomecam).not.toBeNull();
    expect(last.memHomecamBytes).toBeGreaterThan(process.memoryUsage.rss() / 2);
    expect(last.memUsedBytes).toBeLessThanOrEqual(last.memTotalBytes!);
    expect(last.diskData?.totalBytes).toBeGreaterThan(0);
    expect(last.diskRecordings?.totalBytes).toBeGreaterThan(0);
    expect(last.recordingsBytes).toBe(0);
    expect(samples.every((s, i) => i === 0 || s.t > samples[i - 1]!.t)).toBe(true);
    live.close();
  });

  it('is for admins only: 403 for others', async () => {
    expect((await metrics(suite.token.viewer)).statusCode).toBe(403);
    expect((await suite.app.inject({ url: '/api/system/metrics' })).statusCode).toBe(401);
  });

  it('pushes each new sample over the socket to admins, not to other users', async () => {
    const adminSocket = socketClient(suite.url, suite.token.admin);
    const userSocket = socketClient(suite.url, suite.token.viewer);
    const toAdmin: MetricsUpdate[] = [];
    const toUser: MetricsUpdate[] = [];
    adminSocket.on('metrics', (update) => toAdmin.push(update));
    userSocket.on('metrics', (update) => toUser.push(update));
    expect(await connectOutcome(userSocket)).toBe('connected');
    expect(await connectOutcome(adminSocket)).toBe('connected');
    await waitFor(() => toAdmin.length >= 3, { timeoutMs: 10_000, message: 'three metrics events to the admin' });
    const update = toAdmin.at(-1)!;
    expect(update.cameras.some((r) => r.camera === CAMERA)).toBe(true);
    const history = (await metrics(suite.token.admin)).json<MetricsResponse>().samples;
    expect(history.some((s) => s.t === update.sample.t)).toBe(true);
    expect(toUser).toEqual([]);
  });
});

describe('utilization history', () => {
  it('is sampled on the clock every 5 s and holds the last hour only', async () => {
    const clock = new FakeClock();
    const other = await createTestApp({ metrics: { clock } });
    try {
      const token = (await signedInUser(other, ['admin'])).token;
      clock.advance(65 * 60_000);
      const body = (await other.inject({ url: '/api/system/metrics', headers: bearer(token) })).json<MetricsResponse>();
      expect(body.intervalMs).toBe(5_000);
      expect(body.samples).toHaveLength(720);
      expect(body.samples.at(-1)?.t).toBe(clock.now());
      expect(body.samples[0]?.t).toBe(clock.now() - 719 * 5_000);
    } finally {
      await other.close();
    }
  });
});
