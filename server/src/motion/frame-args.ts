/**
 * ffmpeg arguments of the motion decoder: fMP4 from the stream hub on stdin → small grey frames (one byte per
 * pixel, row-major, no header) on stdout. Pure functions.
 *
 * Cost (see README.md for the measurements): decoding dominates; `fps=` only thins out what is scaled and
 * sent, every frame is still decoded. Keyframe-only decoding (`-skip_frame nokey`) is much cheaper but
 * samples the picture once per GOP (every 1–4 s on typical cameras), so it is the fallback for large streams.
 */

import { packedFilter, packedLayout } from './color-frame.js';
import type { FrameSize } from './frame-size.js';

/** all: decode every frame, analyse `fps` of them · keyframes: decode keyframes only · auto: by source size. */
export type DecodeMode = 'all' | 'keyframes' | 'auto';

export type { FrameSize } from './frame-size.js';

export interface FrameArgsOptions {
  /** Frames per second analysed when decoding every frame. */
  fps: number;
  /** Output frame size (even numbers). */
  size: FrameSize;
  keyframesOnly: boolean;
  /** Decoder threads; 1 keeps a small stream on one core without thread start-up overhead. */
  threads: number;
  /** FFmpeg major version (null = unknown): `-fps_mode` replaced `-vsync` in 5.1. */
  ffmpegMajor: number | null;
  /** Also a colour picture of this size in every frame, for object detection (layout: color-frame.ts). */
  color?: FrameSize | undefined;
}

export const DEFAULT_ANALYSIS_WIDTH = 320;
/** Used when the init segment does not tell the picture size: the aspect ratio does not matter for analysis (zones are in percent). */
export const FALLBACK_SIZE: FrameSize = { width: 320, height: 180 };
/** 'auto' decodes every frame up to this many pixels (720p), keyframes only above. */
export const DEFAULT_FULL_DECODE_MAX_PIXELS = 1280 * 720;

/**
 * The analysis frame size for a source picture: `maxWidth` wide (never wider than the source), height by the
 * aspect ratio, both even.
 */
export function analysisSize(source: Partial<FrameSize> | undefined, maxWidth = DEFAULT_ANALYSIS_WIDTH): FrameSize {
  const sw = source?.width ?? 0;
  const sh = source?.height ?? 0;
  if (!(sw > 0 && sh > 0)) return { ...FALLBACK_SIZE };
  const width = Math.max(2, Math.floor(Math.min(maxWidth, sw) / 2) * 2);
  const height = Math.max(2, Math.round((width * sh) / sw / 2) * 2);
  return { width, height };
}

/** Whether to decode keyframes only, for a source of this size. */
export function keyframesOnlyFor(mode: DecodeMode, source: Partial<FrameSize> | undefined, fullDecodeMaxPixels = DEFAULT_FULL_DECODE_MAX_PIXELS): boolean {
  if (mode !== 'auto') return mode === 'keyframes';
  const pixels = (source?.width ?? 0) * (source?.height ?? 0);
  return pixels > fullDecodeMaxPixels;
}

export function buildFrameArgs(o: FrameArgsOptions): string[] {
  if (!(o.fps > 0) || o.fps > 30) throw new RangeError(`analysis fps ${o.fps} is not in (0, 30]`);
  const { width, height } = o.size;
  if (width % 2 || height % 2 || width < 2 || height < 2) throw new RangeError(`analysis size ${width}x${height} must be even`);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostats'];
  // decoder options (before -i): fewer threads, no deblocking (invisible at 320 px, ~15 % less decoding)
  args.push('-threads', String(o.threads), '-skip_loop_filter', 'all');
  // The init segment already describes the video; without these ffmpeg reads ~20 frames (2 s at 10 fps)
  // to guess the frame rate before the first frame comes out.
  args.push('-analyzeduration', '0', '-fpsprobesize', '0');
  if (o.keyframesOnly) args.push('-skip_frame', 'nokey');
  // The hub's fMP4 on stdin is all this ffmpeg may read: no other protocol (defence in depth, like camera inputs).
  args.push('-protocol_whitelist', 'pipe', '-f', 'mp4', '-i', 'pipe:0');
  const passthrough = o.ffmpegMajor !== null && o.ffmpegMajor >= 6 ? ['-fps_mode', 'passthrough'] : ['-vsync', '0'];
  if (o.color) {
    const layout = packedLayout(o.color, o.size);
    args.push('-filter_complex_threads', '1', '-filter_complex', packedFilter(o.keyframesOnly ? '' : `fps=${o.fps},`, layout), '-map', '[packed]', '-an', '-sn', '-dn');
    if (o.keyframesOnly) args.push(...passthrough);
  } else {
    args.push(...frameFilterArgs(o, passthrough));
  }
  // flush every frame: a 57,600-byte frame is larger than ffmpeg's 32 KiB output buffer, its tail would
  // otherwise wait for the next frame
  args.push('-filter_threads', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-flush_packets', '1', 'pipe:1');
  return args;
}

/** The plain motion frame (no colour): scale and grey, every `fps`-th of a second or every keyframe. */
function frameFilterArgs(o: FrameArgsOptions, passthrough: string[]): string[] {
  const args = ['-map', '0:v:0', '-an', '-sn', '-dn'];
  const scale = `scale=${o.size.width}:${o.size.height}:flags=fast_bilinear,format=gray`;
  if (o.keyframesOnly) {
    // one frame per keyframe, as it comes: without passthrough the muxer would repeat frames to the nominal rate
    args.push('-vf', scale, ...passthrough);
  } else {
    args.push('-vf', `fps=${o.fps},${scale}`);
  }
  return args;
}
