import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { execFile } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { MediaFragment } from '../src/media/index.js';
import { RecordingRoot } from '../src/repositories/recording-files.repository.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/**
 * "Never lose a recording" across upstream restarts: the real simulator camera goes away and comes back (twice,
 * on the same port) in the middle of a clip. The clip writer skips fragments whose timestamp it has already
 * passed (the prebuffer and the consumer's first GOP overlap), so a timeline that restarted or went back would
 * silently drop everything after the outage. The hub's timeline (TimelineRebaser) continues across runs; this
 * pins that down end to end, including the third run (the first whose shift depends on an already shifted run).
 * The clip also starts on a slow disk: the pre-roll's writes take two GOPs, which once left a hole of that much
 * between the pre-roll and the live part (the consumer was attached only after the pre-roll was written).
 */
const run = promisify(execFile);
const PREBUFFER_S = 3;
/** Seconds of the new run the clip must hold after each outage. */
const AFTER_S = 3;

let sim: CameraSimulator;
let app: HomecamApp;

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'], mainSize: '320x240', subSize: '160x120' });
  const camera = sim.cameras[0]!;
  const dataDir = await makeDataDir();
  const yard = {
    name: 'Yard', room: 'Outside', prebuffering: true, prebufferLength: PREBUFFER_S, recordingTimer: 120, motionTimeout: 1,
    videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 },
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras: [yard] }));
  app = await createTestApp({ dataDir, media: { hub: { process: { backoff: { initialMs: 200, maxMs: 1_000 } } } } });
  await waitFor(() => app.homecam.streams.stats('Yard', 'main').buffer.seconds >= PREBUFFER_S, { timeoutMs: 30_000, message: 'the prebuffer' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

const seconds = (fragments: MediaFragment[]) => fragments.reduce((sum, f) => sum + f.duration, 0);

describe('a clip across camera outages', () => {
  it('keeps recording after each restart of the upstream, on one monotonic timeline, without a hole after a slow pre-roll write', async () => {
    const streams = app.homecam.streams;
    const camera = sim.cameras[0]!;
    // What the stream delivered, as a second reader sees it.
    const seen: MediaFragment[] = [];
    let keyframesSinceOpen = -1;
    const probe = await streams.attach('Yard', 'main', { kind: 'recorder', label: 'probe' });
    const pumped = (async () => {
      for await (const item of probe) {
        if (item.type !== 'fragment') continue;
        seen.push(item);
        if (item.keyframe && keyframesSinceOpen >= 0) keyframesSinceOpen++;
      }
    })();
    // A slow disk: the clip's first writes (the pre-roll) take until two more keyframes have come. Whatever the
    // stream delivers meanwhile must still reach the clip, not only what follows the newest keyframe.
    const original = RecordingRoot.prototype.openForWriting; // eslint-disable-line @typescript-eslint/unbound-method -- called with .call
    const opened = vi.spyOn(RecordingRoot.prototype, 'openForWriting').mockImplementationOnce(async function (this: RecordingRoot, relative) {
      const handle = await original.call(this, relative);
      keyframesSinceOpen = 0;
      const slow = waitFor(() => keyframesSinceOpen >= 2, { timeoutMs: 20_000, message: 'two keyframes during the slow write' });
      const write = handle.write.bind(handle) as (data: Buffer) => Promise<unknown>;
      (handle as unknown as { write: (data: Buffer) => Promise<unknown> }).write = async (data: Buffer) => write(await slow.then(() => data));
      return handle;
    });

    const triggeredAt = Date.now();
    // The pre-roll the writer takes (it asks the same at the same moment, give or take a few ms).
    const preroll = seconds(streams.prebuffer('Yard', 'main', triggeredAt - PREBUFFER_S * 1000)?.fragments ?? []);
    expect(app.homecam.cameraEvents.motionStart('Yard', 'api').accepted).toBe(true);
    const clip = await waitFor(() => app.modules.recorder.recorder.current('Yard'), { message: 'the clip' });
    const row = await waitFor(() => app.homecam.repositories.recordings.get(clip.id), { message: 'the row' });
    const file = join(app.homecam.repositories.recordingFiles.dir, row.file);
    await waitFor(async () => (await stat(file)).size > 0, { timeoutMs: 20_000, message: 'the first bytes of the clip' });
    expect(opened).toHaveBeenCalled();
    opened.mockRestore();

    for (const outage of [1, 2]) {
      const starts = streams.stats('Yard', 'main').upstreamStarts;
      await camera.stop();
      await camera.start();
      const back = Date.now();
      const sizeBack = (await stat(file)).size;
      await waitFor(() => streams.stats('Yard', 'main').upstreamStarts > starts && seconds(seen.filter((f) => f.receivedAt >= back)) >= AFTER_S, {
        timeoutMs: 40_000,
        message: `${AFTER_S} s of video after outage ${outage}`,
      });
      // The clip is still being written, with the new run's fragments.
      await waitFor(async () => (await stat(file)).size > sizeBack, { timeoutMs: 5_000, message: `the clip to grow after outage ${outage}` });
      expect(app.modules.recorder.recorder.current('Yard')?.id).toBe(clip.id);
    }

    await app.modules.recorder.recorder.close(); // ends the clip now, finalised as complete
    probe.close();
    await pumped;

    const done = await app.homecam.repositories.recordings.get(clip.id);
    expect(done).toMatchObject({ status: 'complete', type: 'Video' });
    // The pre-roll and everything the stream delivered since the trigger are in the clip (what the recorder's
    // queue still held when it was closed may be missing: a fragment or two).
    const delivered = seconds(seen.filter((f) => f.receivedAt >= triggeredAt));
    console.log(`clip across two outages: ${done?.duration_ms} ms written; ${preroll.toFixed(2)} s pre-roll + ${delivered.toFixed(2)} s delivered since the trigger`);
    expect(done?.duration_ms).toBeGreaterThanOrEqual((preroll + delivered - 0.7) * 1000);
    // The stream's timeline never went back: each fragment starts after the one before (the recorder skips a
    // fragment that does not), and each keyframe (where a new run begins) after everything before it ended. A
    // fragment's time is its video track's, or its audio's when it has no video (ffmpeg's last fragment before an
    // outage can be a few ms of audio alone, which ends before the video did): only keyframes are compared to ends.
    let end = 0;
    for (let i = 0; i < seen.length; i++) {
      const fragment = seen[i]!;
      if (i > 0) expect(fragment.timestamp, `fragment ${i} of ${seen.length}`).toBeGreaterThan(seen[i - 1]!.timestamp);
      if (fragment.keyframe) expect(fragment.timestamp, `keyframe ${i} of ${seen.length}`).toBeGreaterThanOrEqual(end - 0.001);
      end = Math.max(end, fragment.timestamp + fragment.duration);
    }
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file]);
    const probed = Number((JSON.parse(stdout) as { format: { duration: string } }).format.duration);
    expect(Math.abs(probed * 1000 - (done?.duration_ms ?? 0))).toBeLessThan(600);
    // No hole anywhere: neither at the hand-over from the pre-roll to the live part nor at the outages.
    const packets = await run('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=dts_time', '-of', 'csv=p=0', file]);
    const times = packets.stdout.split('\n').filter(Boolean).map(Number);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeLessThan(0.5);
    const decoded = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(decoded.stderr).toBe('');
  }, 150_000);
});
