import {
  parseEncoderOptions,
  parseStreamMap,
  parseVideoCodec,
  parseVideoFilter,
  videoFilterText,
  type EncoderOption,
  type VideoCodec,
  type VideoFilter,
} from '@homecam/shared';
import { asInvalidSource } from './errors.js';
import { buildInputArgs, type InputOptions } from './input.js';
import type { CameraSource } from './source.js';

/**
 * What the upstream ffmpeg does with each track. Browsers (MSE) take H.264 + AAC, so H.264 video is copied
 * (≈2 % of a core) and anything else is transcoded (≈20–30 %); AAC is copied, other audio becomes AAC, and
 * audio is dropped when even that fails.
 */
export interface OutputPlan {
  video: 'copy' | 'h264';
  audio: 'copy' | 'aac' | 'none';
}

export interface RemuxOptions {
  /** Maximum fragment length in µs; shorter = lower latency, more overhead. Default 100,000. */
  fragmentDurationUs?: number;
  /** Keyframe interval when we encode (transcode or demo), default 2 s. */
  gopSeconds?: number;
}

/** Per-camera output settings (the original product's videoConfig fields). */
export interface OutputOptions {
  /** false drops the audio track. Default true. */
  audio?: boolean;
  /** ffmpeg stream specifiers, default '0:v:0' and '0:a:0?'. */
  mapVideo?: string;
  mapAudio?: string;
  /** Only used when the camera's video has to be transcoded. */
  transcode?: TranscodeOptions;
}

export interface TranscodeOptions {
  /** Video encoder from the shared closed list, default libx264 (ultrafast, zerolatency); e.g. h264_vaapi. */
  encoder?: string;
  /** Encoder options from the shared closed list (`-preset veryfast -crf 23`), never raw arguments. */
  encoderOptions?: string;
  /** A filter chain from the shared closed set (scale, fps, transpose, flips, crop), applied before scaling. */
  videoFilter?: string;
  maxWidth?: number;
  maxHeight?: number;
  maxFps?: number;
  maxBitrateKbps?: number;
}

/**
 * 100 ms (was 200 ms until WebRTC): a frame waits in ffmpeg until its fragment closes, and WebRTC receivers turn
 * that burstiness into jitter-buffer delay, so half the fragment length takes ~100 ms off WebRTC glass-to-glass.
 * Measured (720p25 simulator, 3 MSE viewers, 15 s): node 1.03–1.35 % of a core vs 1.05–1.14 % at 200 ms, ffmpeg
 * and bitrate unchanged. 40 ms (one frame per fragment) cost node 1.8–1.95 % and 5 % more bytes, and would put
 * 250 fragments of a 10 s-GOP camera in the MSE player's 200-entry pre-open queue: not worth it.
 */
export const DEFAULT_FRAGMENT_DURATION_US = 100_000;

/**
 * How far (in stream time, µs) the muxer may run ahead of a track that sends nothing before it writes the other
 * tracks anyway. ffmpeg's default is 10 s (and 0 means "wait forever"), so an audio track that hiccups froze the
 * live video for up to 10 s; 1 s bounds that freeze and still leaves room for a camera's usual audio/video skew.
 */
export const MAX_INTERLEAVE_DELTA_US = 1_000_000;

/** The output settings as typed values of the shared grammar: what the arguments are built from. */
interface ParsedOutput {
  mapVideo: string | undefined;
  mapAudio: string | undefined;
  encoder: VideoCodec | undefined;
  encoderOptions: EncoderOption[];
  videoFilter: VideoFilter[];
}

/** Parses the configured output settings; throws InvalidSourceError (INVALID_SOURCE) naming the refused option or value. */
export function parseOutputOptions(output: OutputOptions = {}): ParsedOutput {
  try {
    const t = output.transcode ?? {};
    return {
      mapVideo: output.mapVideo === undefined ? undefined : parseStreamMap(output.mapVideo),
      mapAudio: output.mapAudio === undefined ? undefined : parseStreamMap(output.mapAudio),
      encoder: t.encoder === undefined ? undefined : parseVideoCodec(t.encoder),
      encoderOptions: t.encoderOptions ? parseEncoderOptions(t.encoderOptions) : [],
      videoFilter: t.videoFilter ? parseVideoFilter(t.videoFilter) : [],
    };
  } catch (error) {
    throw asInvalidSource(error);
  }
}

/** Throws InvalidSourceError (INVALID_SOURCE) for output settings outside the shared grammar. */
export function checkOutputOptions(output: OutputOptions = {}): void {
  parseOutputOptions(output);
}

export function initialPlan(source: CameraSource, output: OutputOptions = {}): OutputPlan {
  const audio = output.audio === false ? 'none' : undefined;
  if (source.kind === 'demo') return { video: 'h264', audio: audio ?? (source.audio ? 'aac' : 'none') };
  return { video: 'copy', audio: audio ?? 'copy' };
}

/** Leading arguments of every long-running ffmpeg we start. */
export function globalArgs(): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-nostats', '-nostdin'];
}

/**
 * Output arguments: map the first video and (optionally) first audio track, copy or encode them, and write
 * fragmented MP4 to stdout. `frag_keyframe` starts a fragment at every keyframe (so a fragment that holds a
 * keyframe starts with it), `frag_duration` cuts long GOPs into short fragments for a smooth live picture,
 * `empty_moov` + `default_base_moof` is what MSE wants, `-max_interleave_delta` see MAX_INTERLEAVE_DELTA_US.
 */
export function buildRemuxOutputArgs(plan: OutputPlan, options: RemuxOptions = {}, output: OutputOptions = {}, audioInput = 0): string[] {
  const parsed = parseOutputOptions(output);
  const args = ['-map', parsed.mapVideo ?? '0:v:0'];
  if (plan.audio !== 'none') args.push('-map', parsed.mapAudio ?? `${audioInput}:a:0?`);
  if (plan.video === 'copy') args.push('-c:v', 'copy');
  else args.push(...videoEncodeArgs(output.transcode ?? {}, parsed, options.gopSeconds ?? 2));
  if (plan.audio === 'copy') args.push('-c:a', 'copy');
  else if (plan.audio === 'aac') args.push('-c:a', 'aac', '-b:a', '64k');
  else args.push('-an');
  args.push(
    '-f', 'mp4',
    '-movflags', 'frag_keyframe+empty_moov+default_base_moof',
    '-frag_duration', String(options.fragmentDurationUs ?? DEFAULT_FRAGMENT_DURATION_US),
    '-flush_packets', '1',
    '-max_interleave_delta', String(MAX_INTERLEAVE_DELTA_US),
    'pipe:1',
  );
  return args;
}

function videoEncodeArgs(t: TranscodeOptions, parsed: ParsedOutput, gop: number): string[] {
  const encoder = parsed.encoder && parsed.encoder !== 'copy' ? parsed.encoder : 'libx264';
  const args = ['-c:v', encoder];
  if (encoder === 'libx264') args.push('-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-crf', '26');
  args.push('-pix_fmt', 'yuv420p');
  const rate = t.maxBitrateKbps ?? 4_000;
  args.push('-maxrate', `${rate}k`, '-bufsize', `${rate * 2}k`, '-force_key_frames', `expr:gte(t,n_forced*${gop})`);
  const filters = parsed.videoFilter.length > 0 ? [videoFilterText(parsed.videoFilter)] : [];
  if (t.maxWidth || t.maxHeight) {
    const w = t.maxWidth ? `min(${t.maxWidth},iw)` : '-2';
    const h = t.maxHeight ? `min(${t.maxHeight},ih)` : '-2';
    const fit = t.maxWidth && t.maxHeight ? ':force_original_aspect_ratio=decrease' : '';
    filters.push(`scale=w='${w}':h='${h}'${fit}`, 'scale=trunc(iw/2)*2:trunc(ih/2)*2');
  }
  if (t.maxFps) filters.push(`fps=${t.maxFps}`);
  if (filters.length > 0) args.push('-vf', filters.join(','));
  for (const [name, value] of parsed.encoderOptions) args.push(name, value);
  return args;
}

export interface StreamCommandOptions {
  input?: InputOptions;
  remux?: RemuxOptions;
  output?: OutputOptions;
  /** Font for the demo clock, null to leave it out. */
  demoFont?: string | null;
}

/** The whole argument list of a camera stream's upstream ffmpeg (without the binary). */
export function buildStreamArgs(source: CameraSource, plan: OutputPlan, options: StreamCommandOptions = {}): string[] {
  const audioInput = source.kind === 'demo' ? 1 : 0;
  return [
    ...globalArgs(),
    ...buildInputArgs(source, options.input, options.demoFont ?? null),
    ...buildRemuxOutputArgs(plan, options.remux, options.output, audioInput),
  ];
}

/**
 * One JPEG from an fMP4 init segment + keyframe fragment fed on stdin. Decoding one keyframe takes a few
 * tens of ms, so this is the fast path for snapshots while a stream is running.
 */
export function buildSnapshotArgs(options: { width?: number; quality?: number } = {}): string[] {
  // Only the buffered fMP4 on stdin may be read: no other protocol.
  const args = [...globalArgs().filter((a) => a !== '-nostdin'), '-protocol_whitelist', 'pipe', '-f', 'mp4', '-i', 'pipe:0', '-map', '0:v:0', '-frames:v', '1'];
  if (options.width) args.push('-vf', `scale=${Math.round(options.width / 2) * 2}:-2`);
  args.push('-f', 'image2', '-c:v', 'mjpeg', '-q:v', String(options.quality ?? 4), 'pipe:1');
  return args;
}
