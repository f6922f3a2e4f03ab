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
  /** Maximum fragment length in µs; shorter = lower latency, more overhead. Default 200,000. */
  fragmentDurationUs?: number;
  /** Keyframe interval when we encode (transcode or demo), default 2 s. */
  gopSeconds?: number;
}

export const DEFAULT_FRAGMENT_DURATION_US = 200_000;

export function initialPlan(source: CameraSource): OutputPlan {
  return source.kind === 'demo' ? { video: 'h264', audio: source.audio ? 'aac' : 'none' } : { video: 'copy', audio: 'copy' };
}

/** Leading arguments of every long-running ffmpeg we start. */
export function globalArgs(): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-nostats', '-nostdin'];
}

/**
 * Output arguments: map the first video and (optionally) first audio track, copy or encode them, and write
 * fragmented MP4 to stdout. `frag_keyframe` starts a fragment at every keyframe (so a fragment that holds a
 * keyframe starts with it), `frag_duration` cuts long GOPs into short fragments for a smooth live picture,
 * `empty_moov` + `default_base_moof` is what MSE wants.
 */
export function buildRemuxOutputArgs(plan: OutputPlan, options: RemuxOptions = {}, audioInput = 0): string[] {
  const gop = options.gopSeconds ?? 2;
  const args = ['-map', '0:v:0'];
  if (plan.audio !== 'none') args.push('-map', `${audioInput}:a:0?`);
  if (plan.video === 'copy') args.push('-c:v', 'copy');
  else {
    args.push(
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
      '-crf', '26', '-maxrate', '4M', '-bufsize', '8M', '-force_key_frames', `expr:gte(t,n_forced*${gop})`,
    );
  }
  if (plan.audio === 'copy') args.push('-c:a', 'copy');
  else if (plan.audio === 'aac') args.push('-c:a', 'aac', '-b:a', '64k');
  else args.push('-an');
  args.push(
    '-f', 'mp4',
    '-movflags', 'frag_keyframe+empty_moov+default_base_moof',
    '-frag_duration', String(options.fragmentDurationUs ?? DEFAULT_FRAGMENT_DURATION_US),
    '-flush_packets', '1',
    'pipe:1',
  );
  return args;
}

export interface StreamCommandOptions {
  input?: InputOptions;
  remux?: RemuxOptions;
  /** Font for the demo clock, null to leave it out. */
  demoFont?: string | null;
}

/** The whole argument list of a camera stream's upstream ffmpeg (without the binary). */
export function buildStreamArgs(source: CameraSource, plan: OutputPlan, options: StreamCommandOptions = {}): string[] {
  const audioInput = source.kind === 'demo' ? 1 : 0;
  return [
    ...globalArgs(),
    ...buildInputArgs(source, options.input, options.demoFont ?? null),
    ...buildRemuxOutputArgs(plan, options.remux, audioInput),
  ];
}

/**
 * One JPEG from an fMP4 init segment + keyframe fragment fed on stdin. Decoding one keyframe takes a few
 * tens of ms, so this is the fast path for snapshots while a stream is running.
 */
export function buildSnapshotArgs(options: { width?: number; quality?: number } = {}): string[] {
  const args = [...globalArgs().filter((a) => a !== '-nostdin'), '-f', 'mp4', '-i', 'pipe:0', '-map', '0:v:0', '-frames:v', '1'];
  if (options.width) args.push('-vf', `scale=${Math.round(options.width / 2) * 2}:-2`);
  args.push('-f', 'image2', '-c:v', 'mjpeg', '-q:v', String(options.quality ?? 4), 'pipe:1');
  return args;
}
