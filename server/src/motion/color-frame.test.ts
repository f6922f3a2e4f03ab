import { waitFor } from '@homecam/tools';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../media/index.js';
import { buildFrameArgs } from './frame-args.js';
import { FrameSource, type FrameFormat, type GrayFrame } from './frame-source.js';
import { PackedFrameReader, packedLayout } from './color-frame.js';
import { fixtureItems } from './test-support/fmp4-items.js';

/** The motion decoder with colour for object detection: real ffmpeg on a real fMP4 (testsrc2's colour pattern). */
let clip: MediaItem[];
let sources: FrameSource[] = [];

beforeAll(async () => {
  clip = await fixtureItems({ seconds: 3, fps: 10, gop: 1, size: '320x240', audio: false });
});

afterEach(async () => {
  await Promise.all(sources.map((s) => s.stop()));
  sources = [];
});

async function decode(color?: { maxWidth: number }): Promise<{ frames: { gray: Uint8Array; color?: GrayFrame['color'] }[]; formats: FrameFormat[] }> {
  const source = new FrameSource({ ffmpegPath: 'ffmpeg', ffmpegMajor: 5, fps: 2, width: 160, ...(color ? { color } : {}) });
  sources.push(source);
  const frames: { gray: Uint8Array; color?: GrayFrame['color'] }[] = [];
  const formats: FrameFormat[] = [];
  source.on('format', (f) => formats.push(f));
  source.on('frame', (f) => {
    const copy = f.color ? { ...f.color, y: f.color.y.slice(), u: f.color.u.slice(), v: f.color.v.slice() } : undefined;
    frames.push({ gray: f.data.slice(), ...(copy ? { color: copy } : {}) });
  });
  for (const item of clip) await source.push(item);
  await waitFor(() => frames.length >= 4, { message: '4 frames from 3 s at 2 fps' });
  return { frames, formats };
}

describe('colour frames from the motion decoder', () => {
  it('leaves the motion frames byte for byte as they are without colour, and adds the colour picture', async () => {
    const [plain, colored] = await Promise.all([decode(), decode({ maxWidth: 1280 })]);
    expect(colored.formats[0]).toMatchObject({ width: 160, height: 120, color: { width: 320, height: 240 } });
    for (let i = 0; i < 4; i++) expect(Buffer.compare(Buffer.from(colored.frames[i]!.gray), Buffer.from(plain.frames[i]!.gray))).toBe(0);
    const color = colored.frames[0]!.color!;
    expect(color).toMatchObject({ format: 'yuv420p', width: 320, height: 240 });
    expect(color.y.length).toBe(320 * 240);
    expect(color.u.length).toBe(160 * 120);
    // testsrc2 is colourful: the chroma planes are far from neutral grey (128) somewhere
    expect(Math.max(...color.u.map((x) => Math.abs(x - 128)))).toBeGreaterThan(40);
    expect(Math.max(...color.v.map((x) => Math.abs(x - 128)))).toBeGreaterThan(40);
    // the colour Y plane, averaged, is the grey motion frame's brightness
    const mean = (a: Uint8Array) => a.reduce((s, x) => s + x, 0) / a.length;
    expect(Math.abs(mean(color.y) - mean(colored.frames[0]!.gray))).toBeLessThan(3);
  });

  it('caps the colour width and never makes it narrower than the motion frame', async () => {
    const { formats } = await decode({ maxWidth: 200 });
    expect(formats[0]!.color).toEqual({ width: 200, height: 150 });
  });

  it('unpacks the layout: U and V side by side become planes', () => {
    const layout = packedLayout({ width: 4, height: 2 }, { width: 2, height: 2 });
    expect(layout.bytes).toBe(4 * 3 + 4 * 2);
    const packed = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, /* u|v */ 20, 21, 30, 31, /* motion rows */ 9, 9, 0, 0, 8, 8, 0, 0]);
    const reader = new PackedFrameReader(layout);
    const color = reader.color(packed);
    expect([...color.y]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...color.u]).toEqual([20, 21]);
    expect([...color.v]).toEqual([30, 31]);
    expect([...reader.motion(packed)]).toEqual([9, 9, 8, 8]);
    expect(() => packedLayout({ width: 3, height: 2 }, { width: 2, height: 2 })).toThrow(RangeError);
  });

  it('builds one filter graph for both pictures, with one filter thread', () => {
    const args = buildFrameArgs({ fps: 2, size: { width: 320, height: 180 }, keyframesOnly: false, threads: 1, ffmpegMajor: 6, color: { width: 640, height: 360 } });
    expect(args).toContain('-filter_complex');
    expect(args[args.indexOf('-filter_complex_threads') + 1]).toBe('1');
    expect(args.join(' ')).toContain('[0:v:0]fps=2,split=2[c][m]');
    expect(args).not.toContain('-vf');
  });
});
