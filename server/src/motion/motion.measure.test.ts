import { execFile } from 'node:child_process';
import { startCameraSimulator, waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { StreamHub } from '../media/index.js';
import { cpuSeconds } from '../media/test-support/hub-helpers.js';
import { Fmp4StreamParser } from '../lib/fmp4/stream-parser.js';
import { FrameDiff } from './frame-diff.js';
import { FrameSource } from './frame-source.js';
import { MotionDetector, type FrameOptions } from './motion-detector.js';
import { rasterizeZones } from './zones.js';

/**
 * Measurement, not a check (skipped unless HOMECAM_MEASURE is set): CPU of the motion decoder ffmpeg, as % of
 * one core, on the simulator's 640x360 25 fps sub stream, for each decoding variant; plus the Node-side cost
 * of comparing one 320x180 frame. The simulator's pictures (a ball on black, bars) are very cheap to decode, so
 * a second test feeds a busy clip (testsrc2 + temporal noise, 640x360 25 fps, H.264 Main 1 Mbit/s, like a
 * camera's sub stream at night) to the decoder in real time. The last variant decodes the 1280x720 main stream, for a camera without a sub stream.
 *   HOMECAM_MEASURE=1 [HOMECAM_MEASURE_SECONDS=15] [HOMECAM_SIM_PATTERN=snow] npx vitest run --project server server/src/motion/motion.measure.test.ts
 */
const enabled = Boolean(process.env.HOMECAM_MEASURE);
const seconds = Number(process.env.HOMECAM_MEASURE_SECONDS ?? 15);

const VARIANTS: { name: string; stream: 'main' | 'sub'; frames: FrameOptions }[] = [
  { name: 'sub 640x360: all frames decoded, 2 fps analysed (default)', stream: 'sub', frames: { fps: 2, decode: 'all' } },
  { name: 'sub 640x360: all frames decoded, 4 fps analysed', stream: 'sub', frames: { fps: 4, decode: 'all' } },
  { name: 'sub 640x360: keyframes only (1 per GOP = 0.5 fps here)', stream: 'sub', frames: { decode: 'keyframes' } },
  { name: 'main 1280x720 (a camera without sub stream): all frames decoded, 2 fps', stream: 'main', frames: { fps: 2, decode: 'all' } },
];

describe.skipIf(!enabled)('motion measurements', () => {
  it('measures the decoder CPU per variant', { timeout: (seconds * VARIANTS.length + 90) * 1_000 }, async () => {
    const sim = await startCameraSimulator({ cameras: 1, pattern: process.env.HOMECAM_SIM_PATTERN ?? 'ball' });
    const camera = sim.cameras[0]!;
    const hub = new StreamHub({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5, idleTimeoutMs: 1_000 });
    const results: Record<string, unknown>[] = [];
    try {
      await hub.upsertCamera({ name: 'cam', main: { source: camera.mainUrl }, sub: { source: camera.subUrl } });
      for (const variant of VARIANTS) {
        const detector = new MotionDetector({
          hub, camera: 'cam', stream: variant.stream, ffmpegPath: 'ffmpeg', ffmpegMajor: 5, frames: variant.frames, motionTimeout: 15,
          videoanalysis: { active: true, forceCloseTimer: 3, dwellTimer: 60, sensitivity: 75, difference: 5, regions: [] },
        });
        detector.start();
        try {
          await waitFor(() => detector.status().frames >= 2, { timeoutMs: 20_000, message: 'frames' });
          const pid = detector.status().decoderPid!;
          const upstreamPid = hub.stats('cam', variant.stream).pid!;
          const [cpu0, up0, frames0, t0] = [cpuSeconds(pid), cpuSeconds(upstreamPid), detector.status().frames, Date.now()];
          await new Promise((resolve) => setTimeout(resolve, seconds * 1_000)); // the measuring window
          const wall = (Date.now() - t0) / 1_000;
          results.push({
            variant: variant.name,
            windowSeconds: +wall.toFixed(1),
            motionFfmpegCpuPercentOfOneCore: +(((cpuSeconds(pid) - cpu0) / wall) * 100).toFixed(2),
            analysedFramesPerSecond: +((detector.status().frames - frames0) / wall).toFixed(2),
            upstreamRemuxCpuPercentOfOneCore: +(((cpuSeconds(upstreamPid) - up0) / wall) * 100).toFixed(2),
            decoderStarts: detector.status().decoderStarts,
          });
          expect(detector.status().decoderStarts).toBe(1);
        } finally {
          await detector.stop();
        }
      }
      expect(hub.stats('cam', 'sub').upstreamStarts).toBe(1);
      expect(hub.stats('cam', 'main').upstreamStarts).toBe(1);
    } finally {
      await hub.close();
      await sim.close();
    }

    // Node side: one 320x180 comparison with four zones
    const zones = rasterizeZones([0, 1, 2, 3].map((i) => ({ coords: [[i * 25, 0], [i * 25 + 25, 0], [i * 25 + 25, 100], [i * 25, 100]] as [number, number][] })), 320, 180);
    const diff = new FrameDiff(320, 180, zones, { difference: 20, sensitivity: 90 });
    const a = new Uint8Array(320 * 180).fill(80);
    const b = a.slice().fill(160, 0, 3_000);
    const rounds = 2_000;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) diff.process(i % 2 ? a : b, i * 250);
    const microsPerFrame = Number(process.hrtime.bigint() - t0) / 1e3 / rounds;

    console.info(JSON.stringify({ stream: 'simulator: sub 640x360 / main 1280x720, 25 fps H.264 baseline', pattern: process.env.HOMECAM_SIM_PATTERN ?? 'ball', results, frameDiffMicrosecondsPerFrame: +microsPerFrame.toFixed(1) }, null, 2));
  });

  it('measures the decoder CPU on a busy 640x360 clip fed in real time', { timeout: (seconds + 60) * 1_000 }, async () => {
    const clip = await noisyClip(seconds + 2);
    const parser = new Fmp4StreamParser();
    const source = new FrameSource({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5 });
    let frames = 0;
    source.on('frame', () => (frames += 1));
    try {
      const segments = parser.push(clip);
      const t0 = Date.now();
      let cpu0 = 0;
      let measuredFrom = 0;
      for (const segment of segments) {
        if (segment.type === 'init') {
          const { info } = segment;
          await source.push({ type: 'init', data: segment.data, codecs: info.codecs, mimeType: info.mimeType, info });
          continue;
        }
        const due = t0 + segment.info.timestamp * 1_000;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        if (!measuredFrom && segment.info.timestamp >= 2 && source.pid) {
          cpu0 = cpuSeconds(source.pid);
          measuredFrom = Date.now();
        }
        await source.push({ type: 'fragment', data: segment.data, keyframe: segment.info.keyframe, timestamp: segment.info.timestamp, duration: segment.info.duration, receivedAt: Date.now() });
      }
      const wall = (Date.now() - measuredFrom) / 1_000;
      console.info(JSON.stringify({
        clip: '640x360 25 fps H.264 Main 1 Mbit/s, testsrc2 + noise, fed in real time',
        windowSeconds: +wall.toFixed(1),
        motionFfmpegCpuPercentOfOneCore: +(((cpuSeconds(source.pid!) - cpu0) / wall) * 100).toFixed(2),
        frames,
      }, null, 2));
      expect(source.stats.starts).toBe(1);
    } finally {
      await source.stop();
    }
  });
});

function noisyClip(seconds: number): Promise<Buffer> {
  const args = [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25,noise=alls=14:allf=t+u', '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-b:v', '1000k', '-maxrate', '1000k', '-bufsize', '2000k', '-g', '50', '-pix_fmt', 'yuv420p',
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '200000', 'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', args, { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => (error ? reject(new Error(error.message)) : resolve(stdout)));
  });
}
