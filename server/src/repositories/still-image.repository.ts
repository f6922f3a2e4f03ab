import { readFile } from 'node:fs/promises';
import { buildInputArgs, isJpeg, lastLine, parseSource, redactorFor, runOnce, type InputOptions, type RunOnceResult } from '../media/index.js';

export interface StillImageRequest {
  /** The camera's still image source: an http(s) snapshot URL, an RTSP URL, ffmpeg input arguments or `demo:`. */
  source: string;
  input?: Omit<InputOptions, 'ffmpegMajor'>;
  width?: number;
  /** Default 10 s. */
  timeoutMs?: number;
}

/** A still image could not be read; the message is redacted (no credentials). */
export class StillImageError extends Error {
  override readonly name = 'StillImageError';
}

export interface StillImageOptions {
  ffmpegPath: string;
  ffmpegMajor: number | null;
}

/** Shown instead of the picture of a camera in privacy mode (server/assets/privacy.jpg, same path from src/ and dist/). */
const PRIVACY_IMAGE = new URL('../../assets/privacy.jpg', import.meta.url);

/** A camera's JPEG is well under this; more is not a picture to pass on. */
const MAX_STILL_BYTES = 16 * 1024 * 1024;

/**
 * Reads one picture from a camera's still image source with a one-shot ffmpeg (it speaks HTTP with basic and
 * digest auth, RTSP, and every image format a camera may send) and returns it as JPEG.
 */
export class StillImageRepository {
  private privacy: Promise<Buffer> | null = null;

  constructor(private readonly options: StillImageOptions) {}

  /** The privacy image, read once. */
  privacyImage(): Promise<Buffer> {
    this.privacy ??= readFile(PRIVACY_IMAGE);
    return this.privacy;
  }

  async grab(request: StillImageRequest): Promise<Buffer> {
    const redact = redactorFor(request.source);
    let args: string[];
    try {
      const source = parseSource(request.source);
      args = [
        '-hide_banner', '-loglevel', 'error', '-nostdin',
        ...buildInputArgs(source, { ...request.input, ffmpegMajor: this.options.ffmpegMajor }),
        '-map', '0:v:0', '-frames:v', '1',
        ...(request.width ? ['-vf', `scale=${Math.round(request.width / 2) * 2}:-2`] : []),
        '-f', 'image2', '-c:v', 'mjpeg', '-q:v', '4', 'pipe:1',
      ];
    } catch (error) {
      throw new StillImageError(redact(error instanceof Error ? error.message : String(error)));
    }
    const run = await runOnce({ command: this.options.ffmpegPath, args, timeoutMs: request.timeoutMs ?? 10_000, maxBytes: MAX_STILL_BYTES });
    if (!run.startError && !run.stopped && run.code === 0 && isJpeg(run.stdout)) return run.stdout;
    throw new StillImageError(redact(whyNoPicture(run)));
  }
}

/** Why a still image run gave no JPEG, in words for the log (redacted by the caller). */
function whyNoPicture(run: RunOnceResult): string {
  if (run.startError) return `ffmpeg could not be started: ${run.startError.message}`;
  if (run.stopped === 'timeout') return 'the still image source did not answer in time';
  if (run.stopped === 'too-large') return 'the still image source sent more than a picture';
  return `the still image source failed: ${lastLine(run.stderrTail) || `ffmpeg exited with ${run.code}`}`;
}
