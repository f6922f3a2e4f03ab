import { startCameraSimulator, waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { StreamHub, type StreamHubOptions } from './stream-hub.js';
import { collect, cpuSeconds } from './test-support/hub-helpers.js';

/**
 * Measurements, not a check (skipped unless HOMECAM_MEASURE is set): remux ffmpeg CPU, attach → first fragment
 * (cold and warm), snapshot latency, against the simulated camera.
 *   HOMECAM_MEASURE=20 HOMECAM_VIEWERS=3 [HOMECAM_SIM_PATTERN=snow] npx vitest run --project server server/src/media/stream-hub.measure.test.ts
 */
const seconds = Number(process.env.HOMECAM_MEASURE ?? 0);
const viewers = Number(process.env.HOMECAM_VIEWERS ?? 3);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

describe.skipIf(!seconds)('StreamHub measurements', () => {
  it('measures CPU, start latency and snapshot latency', { timeout: (seconds + 60) * 1_000 }, async () => {
    const sim = await startCameraSimulator({ cameras: 1, pattern: process.env.HOMECAM_SIM_PATTERN ?? 'ball' });
    const camera = sim.cameras[0]!;
    const options: StreamHubOptions = { ffmpegPath: 'ffmpeg', ffmpegMajor: 5, idleTimeoutMs: 1_000 };
    try {
      // cold: a fresh hub, the stream is idle, the first viewer starts ffmpeg
      const cold: number[] = [];
      for (let i = 0; i < 3; i++) {
        const hub = new StreamHub(options);
        await hub.upsertCamera({ name: 'cam', main: { source: camera.mainUrl } });
        const t0 = Date.now();
        const consumer = hub.attach('cam', 'main', { kind: 'viewer' });
        for (let item = await consumer.read(); item?.type !== 'fragment'; item = await consumer.read());
        cold.push(Date.now() - t0);
        await hub.close();
        await waitFor(() => camera.activeSessions === 0, { message: 'camera released' });
      }

      const hub = new StreamHub(options);
      await hub.upsertCamera({ name: 'cam', main: { source: camera.mainUrl } });
      const readers = Array.from({ length: viewers }, () => collect(hub.attach('cam', 'main', { kind: 'viewer' })));
      await waitFor(() => readers.every((r) => r.fragments().length > 5), { timeoutMs: 20_000, message: 'streaming' });

      // warm: the stream is running; a new viewer gets init + buffered GOP at once
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = process.hrtime.bigint();
        const consumer = hub.attach('cam', 'main', { kind: 'viewer' });
        for (let item = await consumer.read(); item?.type !== 'fragment'; item = await consumer.read());
        warm.push(Number(process.hrtime.bigint() - t0) / 1e6);
        consumer.close();
      }

      const pid = hub.stats('cam', 'main').pid!;
      const cpu0 = cpuSeconds(pid);
      const node0 = process.cpuUsage();
      const t0 = Date.now();
      const snaps: number[] = [];
      let lastKey = 0;
      while (Date.now() - t0 < seconds * 1_000) {
        const key = hub.prebuffer('cam', 'main')?.fragments[0]?.receivedAt ?? 0;
        if (key > lastKey) {
          lastKey = key;
          const s0 = Date.now();
          await hub.snapshot('cam');
          snaps.push(Date.now() - s0);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const wall = (Date.now() - t0) / 1_000;
      const node = process.cpuUsage(node0);
      const stats = hub.stats('cam', 'main');
      const mbit = (stats.buffer.bytes * 8) / 1e6 / stats.buffer.seconds;
      console.info(JSON.stringify({
        viewers,
        windowSeconds: wall,
        streamMbitPerSecond: +mbit.toFixed(2),
        remuxFfmpegCpuPercentOfOneCore: +(((cpuSeconds(pid) - cpu0) / wall) * 100).toFixed(2),
        nodeCpuPercentOfOneCore: +(((node.user + node.system) / 1e6 / wall) * 100).toFixed(2),
        coldAttachToFirstFragmentMs: cold,
        warmAttachToFirstFragmentMs: warm.map((x) => +x.toFixed(2)),
        snapshotFromBufferMs: { samples: snaps.length, median: median(snaps), max: Math.max(...snaps) },
        upstreamStarts: stats.upstreamStarts,
        simulatorSessions: camera.activeSessions,
      }, null, 2));
      expect(stats.upstreamStarts).toBe(1);
      await hub.close();
    } finally {
      await sim.close();
    }
  });
});
