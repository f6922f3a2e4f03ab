import { execFile } from 'node:child_process';

export interface FixtureOptions {
  seconds?: number;
  fps?: number;
  /** Keyframe interval in seconds. */
  gop?: number;
  video?: 'h264' | 'hevc';
  audio?: boolean;
  fragmentDurationUs?: number;
  size?: string;
  /** H.264 only: High profile with this many B-frames (default: baseline, none). */
  bframes?: number;
}

/** A small real fMP4 stream made by ffmpeg from lavfi (testsrc2 + sine), exactly as the hub's ffmpeg writes it. */
export function generateFmp4(options: FixtureOptions = {}): Promise<Buffer> {
  const { seconds = 3, fps = 10, gop = 1, video = 'h264', audio = true, fragmentDurationUs = 200_000, size = '160x120' } = options;
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}`];
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds), '-map', '0:v:0');
  if (audio) args.push('-map', '1:a:0', '-c:a', 'aac', '-b:a', '32k');
  if (video === 'h264' && options.bframes) args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-bf', String(options.bframes), '-pix_fmt', 'yuv420p');
  else if (video === 'h264') args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p');
  else args.push('-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error');
  args.push(
    '-g', String(gop * fps), '-keyint_min', String(gop * fps), '-sc_threshold', '0',
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', String(fragmentDurationUs), 'pipe:1',
  );
  return new Promise((resolve, reject) => {
    execFile('ffmpeg', args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg fixture failed: ${stderr.toString()}`));
      else resolve(stdout);
    });
  });
}
