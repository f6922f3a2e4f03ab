import { hasForbiddenNameCharacters } from '@homecam/shared';
import { InvalidSourceError } from '../lib/ffmpeg-args/errors.js';
import { parseSource as parseLibSource, type CameraSource } from '../lib/ffmpeg-args/source.js';
import { invalidSource, MediaError } from './errors.js';

export type { CameraSource } from '../lib/ffmpeg-args/source.js';

/**
 * The source parser of lib/ffmpeg-args for the rest of the app: the same typed value, but a refusal is the media
 * module's MediaError('INVALID_SOURCE') with the library's message, like every other media error.
 */
export function parseSource(text: string): CameraSource {
  try {
    return parseLibSource(text);
  } catch (error) {
    throw error instanceof InvalidSourceError ? invalidSource(error) : error;
  }
}

/**
 * The source of one camera's stream. Writes refuse a camera name with a control character, a lone surrogate or a
 * bidi override (N11); a hand edit of config.json may still hold one, and that camera then stays in error
 * (INVALID_SOURCE, the message says what to rename) instead of streaming and recording under that name.
 */
export function parseStreamSource(camera: string, text: string): CameraSource {
  if (hasForbiddenNameCharacters(camera)) {
    throw new MediaError('INVALID_SOURCE', 'camera name: holds a control character, a lone surrogate or a bidi override/isolate; rename the camera in config.json');
  }
  return parseSource(text);
}
