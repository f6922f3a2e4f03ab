import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeErrors } from './helpers/continuous.js';
import { ffmpegChildrenOf, running, spawnTsFixture } from './helpers/processes.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/**
 * A HomeCam process recording continuously is killed with SIGKILL in the middle of a segment. At the next start
 * the segment left 'writing' is cut to its last whole fragment and indexed as interrupted, and what was lost is
 * at most about the 2 s between datasyncs (here: the last write batch plus ffmpeg's fragment in flight).
 */
let sim: CameraSimulator;

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'], mainSize: '320x240', subSize: '160x120' });
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

describe('continuous recording after a crash', () => {
  it('SIGKILL mid-segment loses at most ~2 s, and the start-up repair indexes what is on disk', async () => {
    const camera = sim.cameras[0]!;
    const dataDir = await makeDataDir();
    const yard = { name: 'Yard', recordingMode: 'continuous', videoConfig: { source: camera.mainUrl, stimeout: 5 } };
    await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { continuous: { segmentSeconds: 60 } }, cameras: [yard] }));
    const script = resolve(import.meta.dirname, 'fixtures', 'continuous-child.ts');
    const { child, output, exited } = spawnTsFixture(script, { DATA_DIR: dataDir, CAMERA: 'Yard' });
    try {
      const id = await waitFor(() => {
        if (child.exitCode !== null) throw new Error(`the child ended early: ${output.err.slice(-2000)}`);
        return /SEGMENT (\S+)/.exec(output.out)?.[1];
      }, { timeoutMs: 100_000, message: "the child's segment" });
      // Two more seconds of recording, then the kill.
      await new Promise((done) => setTimeout(done, 2_000)); // a span of recording to lose, not a wait for a condition
      const ffmpegs = ffmpegChildrenOf(child.pid ?? 0);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await waitFor(() => ffmpegs.every((pid) => !running(pid)), { timeoutMs: 5_000, message: 'the ffmpeg children to die' });

      const restarted = await createTestApp({ dataDir, continuous: { retentionEveryMs: 0 } });
      try {
        const row = await restarted.modules.continuous.segments.get(id);
        expect(row).toMatchObject({ status: 'interrupted' });
        const lost = killedAt - (row?.end_ms ?? 0);
        console.log(`SIGKILL mid-segment: ${((row!.end_ms - row!.start_ms) / 1000).toFixed(1)} s indexed, ${Math.round(lost)} ms lost before the kill`);
        expect(row!.end_ms - row!.start_ms).toBeGreaterThan(5_000);
        expect(lost).toBeLessThanOrEqual(2_500);
        expect(await decodeErrors(join(row!.root, row!.file))).toBe('');
        // The restarted server records on: a new segment starts after the repaired one.
        const next = await waitFor(() => restarted.modules.continuous.recorder.live('Yard'), { timeoutMs: 30_000, message: 'recording again' });
        expect(next.start).toBeGreaterThanOrEqual(row!.end_ms);
      } finally {
        await restarted.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
