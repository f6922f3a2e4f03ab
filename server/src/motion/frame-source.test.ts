import { spawn } from 'node:child_process';
import { waitFor } from '@homecam/tools';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../media/index.js';
import { FakeClock } from '../lib/fake-clock.js';
import { FrameSource, type DecoderExit, type FrameFormat, type FrameSourceOptions } from './frame-source.js';
import { fixtureItems } from './test-support/fmp4-items.js';

/** The real ffmpeg decoding real fMP4 fed on stdin, as the hub would feed it (no camera needed). */
let clip: MediaItem[]; // 3 s, 10 fps, 160x120, a keyframe every second, with audio
let wide: MediaItem[]; // 2 s, 320x240
let sources: FrameSource[] = [];

beforeAll(async () => {
  [clip, wide] = await Promise.all([
    fixtureItems({ seconds: 3, fps: 10, gop: 1, size: '160x120' }),
    fixtureItems({ seconds: 2, fps: 10, gop: 1, size: '320x240', audio: false }),
  ]);
});

afterEach(async () => {
  await Promise.all(sources.map((s) => s.stop()));
  sources = [];
});

function newSource(options: Partial<FrameSourceOptions> = {}) {
  const source = new FrameSource({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5, backoff: { initialMs: 100, maxMs: 400 }, ...options });
  sources.push(source);
  const frames: { width: number; height: number; bytes: number; mean: number }[] = [];
  const formats: FrameFormat[] = [];
  const exits: DecoderExit[] = [];
  source.on('frame', (f) => frames.push({ width: f.width, height: f.height, bytes: f.data.length, mean: f.data.reduce((a, b) => a + b, 0) / f.data.length }));
  source.on('format', (f) => formats.push(f));
  source.on('exit', (e) => exits.push(e));
  const feed = async (items: MediaItem[]) => {
    for (const item of items) await source.push(item);
  };
  return { source, frames, formats, exits, feed };
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('FrameSource', () => {
  it('decodes the fed fMP4 into grey frames at the analysis rate, sized from the init segment', async () => {
    const { source, frames, formats, feed } = newSource({ fps: 2 });
    await feed(clip);
    expect(formats).toEqual([{ width: 160, height: 120, source: { width: 160, height: 120 }, keyframesOnly: false, fps: 2 }]);
    // 3 s at 2 fps; the newest one or two stay in ffmpeg until more input arrives (live, it always does)
    await waitFor(() => frames.length >= 4, { message: '4 frames from 3 s at 2 fps' });
    expect(frames.every((f) => f.width === 160 && f.height === 120 && f.bytes === 160 * 120)).toBe(true);
    expect(frames[0]!.mean).toBeGreaterThan(10); // a real picture, not zeros
    const pid = source.pid;
    expect(alive(pid)).toBe(true);
    await source.stop();
    expect(alive(pid)).toBe(false);
    expect(source.stats).toMatchObject({ starts: 1, skippedFragments: 0 });
  });

  it('keyframes-only decoding yields one frame per GOP', async () => {
    const { frames, formats, feed, source } = newSource({ decode: 'keyframes' });
    await feed(clip);
    expect(formats[0]).toMatchObject({ keyframesOnly: true, fps: null });
    // 3 keyframes; the newest may stay in the decoder until more input arrives
    await waitFor(() => frames.length >= 1, { message: 'keyframe frames' });
    await source.stop();
    expect(frames.length).toBeLessThanOrEqual(3);
    expect(source.stats.frames).toBe(frames.length);
  });

  it('restarts the decoder for a new init segment and starts feeding it at a keyframe', async () => {
    const { source, frames, formats, exits, feed } = newSource({ fps: 4 });
    await feed(clip.slice(0, 8));
    await waitFor(() => frames.length >= 1, { message: 'first frames' });
    // the same init again (e.g. re-sent by the hub) keeps the decoder
    await source.push(clip[0]!);
    expect(source.stats.starts).toBe(1);
    await feed(wide);
    await waitFor(() => frames.some((f) => f.width === 320), { message: 'frames of the new size' });
    expect(formats.map((f) => `${f.width}x${f.height}`)).toEqual(['160x120', '320x240']);
    expect(exits).toEqual([expect.objectContaining({ reason: 'restarted', willRetry: false })]);
    expect(source.stats.starts).toBe(2);
  });

  it('skips fragments until a keyframe after a (re)start', async () => {
    const { source, feed } = newSource();
    const [init, ...fragments] = clip;
    const firstKey = fragments.findIndex((f) => f.type === 'fragment' && f.keyframe);
    const notKey = fragments.slice(firstKey + 1).filter((f) => f.type === 'fragment' && !f.keyframe).slice(0, 2);
    await feed([init!, ...notKey]);
    expect(source.stats.skippedFragments).toBe(2);
  });

  it('restarts a decoder that died, with backoff, and decodes again', async () => {
    const { source, frames, exits, formats, feed } = newSource({ fps: 4 });
    await feed(clip);
    await waitFor(() => frames.length >= 2, { message: 'frames' });
    const pid = source.pid!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => exits.length === 1, { message: 'exit' });
    expect(exits[0]).toMatchObject({ reason: 'exited', signal: 'SIGKILL', willRetry: true });
    await waitFor(() => source.pid !== undefined && source.pid !== pid, { message: 'a new decoder' });
    expect(formats).toHaveLength(2); // listeners learn that the next frame starts a new baseline
    const before = frames.length;
    await feed(clip.slice(1)); // the stored init was re-sent; fragments resume at a keyframe
    await waitFor(() => frames.length >= before + 2, { message: 'frames after the restart' });
    expect(source.stats.starts).toBe(2);
  });

  it('restarts a decoder that is fed but produces no frames (stall)', async () => {
    const hung = (_cmd: string, _args: readonly string[], options: object) => spawn('sleep', ['30'], options);
    const { source, exits, feed } = newSource({ spawn: hung, stallTimeoutMs: 300 });
    await feed(clip.slice(0, 4));
    await waitFor(() => exits.length >= 1, { message: 'stall restart' });
    expect(exits[0]).toMatchObject({ reason: 'stalled', willRetry: true });
    await waitFor(() => source.stats.starts === 2, { message: 'second start' });
  });

  it('reports a decoder that cannot start, retries, and stop() ends the retries', async () => {
    const clock = new FakeClock();
    const { source, exits, feed } = newSource({ ffmpegPath: '/nonexistent/ffmpeg', clock });
    await feed(clip.slice(0, 1));
    await waitFor(() => exits.length === 1, { message: 'a failed attempt' });
    expect(exits[0]).toMatchObject({ reason: 'spawn-failed', willRetry: true });
    expect(exits[0]!.stderr).toContain('ENOENT');
    clock.advance(99);
    expect(source.stats.starts).toBe(1);
    clock.advance(1); // backoff 100 ms
    await waitFor(() => exits.length === 2, { message: 'a second failed attempt' });
    expect(clock.pendingTimers).toBe(1); // the next retry, 200 ms later
    await source.stop();
    expect(clock.pendingTimers).toBe(0);
    expect(source.pid).toBeUndefined();
  });

  it('bounds and redacts the stderr of a failing decoder', async () => {
    const failing = (_cmd: string, _args: readonly string[], options: object) =>
      spawn('sh', ['-c', 'i=0; while [ $i -lt 40 ]; do echo "line $i: rtsp://admin:secret@cam/x"; i=$((i+1)); done >&2; exit 3'], options);
    const { exits, feed } = newSource({ spawn: failing, redact: (t) => t.replaceAll('secret', '***'), stderrLimit: 200 });
    await feed(clip.slice(0, 1));
    await waitFor(() => exits.length >= 1, { message: 'failing decoder' });
    expect(exits[0]).toMatchObject({ reason: 'exited', code: 3, willRetry: true });
    expect(exits[0]!.stderr.length).toBeLessThanOrEqual(200);
    expect(exits[0]!.stderr).toMatch(/^line \d+: /); // the cut-off first line was dropped
    expect(exits[0]!.stderr).toContain('line 39');
    expect(exits[0]!.stderr).not.toContain('secret');
  });
});
