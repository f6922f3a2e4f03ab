import { InvalidSourceError } from '../lib/ffmpeg-args/errors.js';
import { parseSource as parseLibSource, type CameraSource } from '../lib/ffmpeg-args/source.js';
import { invalidSource } from './errors.js';

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
