import { readFile } from 'node:fs/promises';
import { buildInputArgs, isJpeg, killWithParent, parseSource, redactorFor, spawnTied, type InputOptions } from '../media/index.js';

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

/**
 * Reads one picture from a camera's still image source with a one-shot ffmpeg (it speaks HTTP with basic and
 * digest auth, RTSP, and every image format a camera may send) and returns it as JPEG.
 */
/** Shown instead of the picture of a camera in privacy mode (server/assets/privacy.jpg, same path from src/ and dist/). */
const PRIVACY_IMAGE = new URL('../../assets/privacy.jpg', import.meta.url);

export class StillImageRepository {
  private privacy: Promise<Buffer> | null = null;

  constructor(private readonly options: StillImageOptions) {}

  /** The privacy image, read once. */
  privacyImage(): Promise<Buffer> {
    this.privacy ??= readFile(PRIVACY_IMAGE);
    return this.privacy;
  }

  grab(request: StillImageRequest): Promise<Buffer> {
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
      return Promise.reject(new StillImageError(redact(error instanceof Error ? error.message : String(error))));
    }
    return new Promise((resolve, reject) => {
      const child = spawnTied(this.options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const untrack = killWithParent(child);
      const out: Buffer[] = [];
      let stderr = '';
      let failure: string | null = null;
      const timer = setTimeout(() => {
        failure = 'the still image source did not answer in time';
        child.kill('SIGKILL');
      }, request.timeoutMs ?? 10_000);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        stderr = (stderr + text).slice(-2_000);
      });
      child.on('error', (error) => {
        failure ??= `ffmpeg could not be started: ${error.message}`;
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        untrack();
        const jpeg = Buffer.concat(out);
        if (!failure && code === 0 && isJpeg(jpeg)) return resolve(jpeg);
        const last = stderr.trim().split('\n').at(-1) ?? '';
        reject(new StillImageError(redact(failure ?? `the still image source failed: ${last || `ffmpeg exited with ${code}`}`)));
      });
    });
  }
}
