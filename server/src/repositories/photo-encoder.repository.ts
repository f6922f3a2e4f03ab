import { AppError } from '../errors/app-error.js';
import { runOnce } from '../media/index.js';
import { detectImageType, type ImageType } from '../lib/image-type.js';

/** Longest side of a stored profile photo: avatars are shown at most a few hundred pixels wide. */
export const PHOTO_MAX_SIDE = 512;

/**
 * ffmpeg's demuxer per accepted type, chosen by us from the magic bytes: ffmpeg never probes the upload, so a file
 * cannot make it open a playlist, a concat list or a URL.
 */
const DEMUXER: Record<ImageType['extension'], string> = { jpg: 'jpeg_pipe', png: 'png_pipe', gif: 'gif', webp: 'webp_pipe' };

/** More output than this is not a re-encoded avatar (see run()). */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export interface EncodedPhoto {
  bytes: Buffer;
  type: ImageType;
}

export interface PhotoEncoderOptions {
  /** Until use() hands over the ffmpeg the server located (config file, FFMPEG_PATH, PATH, bundled): `ffmpeg`. */
  ffmpegPath?: string;
  timeoutMs?: number;
}

/**
 * Decodes an upload with ffmpeg and writes a fresh image of at most 512×512 (JPEG stays JPEG, everything else
 * becomes PNG, which keeps transparency; a GIF keeps its first frame). No uploaded byte is served back, so a
 * polyglot (GIF89a + HTML, JPEG magic + script, probe #12) loses its payload, and so does any metadata (EXIF
 * location). Throws 400 IMAGE_UNREADABLE when ffmpeg cannot decode it, 503 FFMPEG_UNAVAILABLE without ffmpeg.
 */
export class PhotoEncoder {
  private readonly ffmpegPath: string;

  constructor(private readonly options: PhotoEncoderOptions = {}) {
    this.ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  }

  async encode(input: Uint8Array, type: ImageType): Promise<EncodedPhoto> {
    const jpeg = type.extension === 'jpg';
    const output = await this.run(input, [
      '-hide_banner', '-loglevel', 'error',
      '-f', DEMUXER[type.extension], '-protocol_whitelist', 'pipe', '-max_pixels', String(4096 * 4096), '-i', 'pipe:0',
      '-frames:v', '1', '-map_metadata', '-1',
      '-vf', `scale=w='min(${PHOTO_MAX_SIDE},iw)':h='min(${PHOTO_MAX_SIDE},ih)':force_original_aspect_ratio=decrease`,
      ...(jpeg ? ['-c:v', 'mjpeg', '-q:v', '3', '-f', 'mjpeg'] : ['-c:v', 'png', '-f', 'image2pipe']),
      'pipe:1',
    ]);
    const produced = detectImageType(output);
    if (!produced || produced.extension !== (jpeg ? 'jpg' : 'png')) {
      throw new AppError('IMAGE_UNREADABLE', 'the photo could not be read as an image');
    }
    return { bytes: output, type: produced };
  }

  private async run(input: Uint8Array, args: string[]): Promise<Buffer> {
    // A 512×512 PNG is at most ~1 MiB; more means something is wrong, not a photo to keep. stderr is not shown
    // to the uploader: the code says enough.
    const run = await runOnce({ command: this.ffmpegPath, args, stdin: input, timeoutMs: this.options.timeoutMs ?? 10_000, maxBytes: MAX_OUTPUT_BYTES });
    if (run.startError) throw new AppError('FFMPEG_UNAVAILABLE', 'ffmpeg is not available to read the photo');
    if (run.stopped || run.code !== 0 || run.stdout.length === 0) throw new AppError('IMAGE_UNREADABLE', 'the photo could not be read as an image');
    return run.stdout;
  }
}
