import { describe, expect, it } from 'vitest';
import { analysisSize, buildFrameArgs, keyframesOnlyFor } from './frame-args.js';

describe('analysis frame size', () => {
  it('scales to 320 px wide keeping the aspect ratio, even sizes', () => {
    expect(analysisSize({ width: 640, height: 360 })).toEqual({ width: 320, height: 180 });
    expect(analysisSize({ width: 1920, height: 1080 })).toEqual({ width: 320, height: 180 });
    expect(analysisSize({ width: 640, height: 480 })).toEqual({ width: 320, height: 240 });
    expect(analysisSize({ width: 2560, height: 1920 })).toEqual({ width: 320, height: 240 });
    expect(analysisSize({ width: 704, height: 576 })).toEqual({ width: 320, height: 262 }); // 261.8 → 262
  });

  it('never upscales; odd sources give even sizes', () => {
    expect(analysisSize({ width: 160, height: 120 })).toEqual({ width: 160, height: 120 });
    expect(analysisSize({ width: 175, height: 99 })).toEqual({ width: 174, height: 98 });
  });

  it('falls back to 320x180 when the init segment does not tell the size', () => {
    expect(analysisSize(undefined)).toEqual({ width: 320, height: 180 });
    expect(analysisSize({ width: 0, height: 0 })).toEqual({ width: 320, height: 180 });
  });
});

describe('decode mode', () => {
  it("'auto' decodes every frame up to 720p and keyframes only above", () => {
    expect(keyframesOnlyFor('auto', { width: 640, height: 360 })).toBe(false);
    expect(keyframesOnlyFor('auto', { width: 1280, height: 720 })).toBe(false);
    expect(keyframesOnlyFor('auto', { width: 1920, height: 1080 })).toBe(true);
    expect(keyframesOnlyFor('auto', undefined)).toBe(false);
    expect(keyframesOnlyFor('all', { width: 3840, height: 2160 })).toBe(false);
    expect(keyframesOnlyFor('keyframes', { width: 640, height: 360 })).toBe(true);
  });
});

describe('buildFrameArgs', () => {
  const base = { fps: 2, size: { width: 320, height: 180 }, threads: 1, ffmpegMajor: 5 };

  it('reads fMP4 on stdin and writes raw grey frames at the analysis rate', () => {
    const args = buildFrameArgs({ ...base, keyframesOnly: false });
    const i = args.indexOf('-i');
    expect(args.slice(i, i + 2)).toEqual(['-i', 'pipe:0']);
    expect(args.slice(0, i)).toEqual(expect.arrayContaining(['-threads', '1', '-f', 'mp4']));
    expect(args).not.toContain('-skip_frame');
    expect(args[args.indexOf('-vf') + 1]).toBe('fps=2,scale=320:180:flags=fast_bilinear,format=gray');
    expect(args.slice(-7)).toEqual(['-f', 'rawvideo', '-pix_fmt', 'gray', '-flush_packets', '1', 'pipe:1']);
    expect(args).toEqual(expect.arrayContaining(['-map', '0:v:0', '-an']));
  });

  it('keyframes only: -skip_frame nokey before the input, frames passed through as they come', () => {
    const args = buildFrameArgs({ ...base, keyframesOnly: true });
    expect(args.indexOf('-skip_frame')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-vf') + 1]).toBe('scale=320:180:flags=fast_bilinear,format=gray');
    expect(args).toEqual(expect.arrayContaining(['-vsync', '0']));
    expect(buildFrameArgs({ ...base, keyframesOnly: true, ffmpegMajor: 7 })).toEqual(expect.arrayContaining(['-fps_mode', 'passthrough']));
    expect(buildFrameArgs({ ...base, keyframesOnly: true, ffmpegMajor: null })).toEqual(expect.arrayContaining(['-vsync', '0']));
  });

  it('rejects odd sizes and silly rates', () => {
    expect(() => buildFrameArgs({ ...base, keyframesOnly: false, size: { width: 321, height: 180 } })).toThrow(RangeError);
    expect(() => buildFrameArgs({ ...base, keyframesOnly: false, fps: 0 })).toThrow(RangeError);
    expect(() => buildFrameArgs({ ...base, keyframesOnly: false, fps: 60 })).toThrow(RangeError);
  });
});
