import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SimulatorClipOptions {
  /** e.g. '1280x720' (the default). */
  size?: string;
  /** Default 25. */
  fps?: number;
  /** Length of one loop; rounded to whole GOPs (2 s). Default 20. */
  seconds?: number;
  /** Video bitrate, default 2000 kbit/s (a typical 720p camera; the test picture is busy enough to reach it). */
  bitrateKbps?: number;
  /** AAC tone, default true. */
  audio?: boolean;
  /** Where clips are kept between runs: $HOMECAM_SIM_CACHE, else <tmpdir>/homecam-sim-clips. */
  cacheDir?: string;
  /** ffmpeg with libx264: $FFMPEG_PATH, else `ffmpeg` on PATH. */
  ffmpegPath?: string;
}

/** Bump when the encoding below changes, so old cached clips are not reused. */
const CLIP_VERSION = 1;
const pending = new Map<string, Promise<string>>();

/**
 * Makes (once; cached on disk) the clip the simulator loops in clip mode: ffmpeg's moving `testsrc2` picture with a
 * frame counter, H.264 Constrained Baseline (no B-frames, keyframe every 2 s like the live simulator) at a constant
 * bitrate, and a 440 Hz AAC tone, in Matroska. Resolves with its path. Safe to call concurrently (also across
 * processes: the file is written under a temporary name and renamed).
 */
export function prepareSimulatorClip(options: SimulatorClipOptions = {}): Promise<string> {
  const size = options.size ?? '1280x720';
  if (!/^\d+x\d+$/.test(size)) return Promise.reject(new Error(`clip size must be WxH, got ${size}`));
  const fps = options.fps ?? 25;
  const gop = fps * 2;
  const seconds = Math.max(2, Math.round((options.seconds ?? 20) / 2) * 2);
  const kbps = options.bitrateKbps ?? 2000;
  const audio = options.audio ?? true;
  const dir = options.cacheDir ?? process.env.HOMECAM_SIM_CACHE ?? join(tmpdir(), 'homecam-sim-clips');
  const file = join(dir, `clip-v${CLIP_VERSION}-${size}-${fps}fps-${seconds}s-${kbps}k${audio ? '-aac' : ''}.mkv`);
  const known = pending.get(file);
  if (known) return known;

  const make = async (): Promise<string> => {
    if (existsSync(file)) return file;
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    const [width] = size.split('x');
    const fontSize = Math.max(12, Math.round(Number(width) / 40));
    const args = [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}`,
      ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
      '-t', String(seconds),
      '-map', '0:v', ...(audio ? ['-map', '1:a'] : []),
      '-vf', `drawtext=text='clip %{frame_num}':x=20:y=20:fontsize=${fontSize}:fontcolor=white:box=1:boxcolor=black@0.5`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
      '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
      '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`,
      ...(audio ? ['-c:a', 'aac', '-b:a', '64k', '-ac', '1'] : []),
      '-f', 'matroska', temporary,
    ];
    const ffmpeg = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
    try {
      await run(ffmpeg, args, { timeout: 120_000 });
    } catch (error) {
      // drawtext needs a font (fontconfig); without one, make the clip without the counter.
      const withoutText = args.filter((_arg, i) => args[i - 1] !== '-vf' && args[i] !== '-vf');
      try {
        await run(ffmpeg, withoutText, { timeout: 120_000 });
      } catch {
        rmSync(temporary, { force: true });
        throw new Error(`making the simulator clip failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    renameSync(temporary, file);
    return file;
  };

  const promise = make();
  pending.set(file, promise);
  promise.catch(() => pending.delete(file));
  return promise;
}
