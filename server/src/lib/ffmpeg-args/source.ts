import { parseCameraSource, tokenizeArgs as tokenize, type ParsedSource } from '@homecam/shared';
import { asInvalidSource } from './errors.js';

export type { DemoSource, UrlSource } from '@homecam/shared';

/**
 * What a camera stream reads from: the typed value of the shared source grammar (`@homecam/shared`
 * camera-source.ts). An allow-listed URL with input options from a closed list, or `demo:`. The text of
 * config.json is parsed into it once; every ffmpeg argument is built from this value, never from the text.
 */
export type CameraSource = ParsedSource;

/** Parses a source; throws InvalidSourceError (INVALID_SOURCE) with a message that names the refused option or value. */
export function parseSource(text: string): CameraSource {
  try {
    return parseCameraSource(text);
  } catch (error) {
    throw asInvalidSource(error);
  }
}

/** The input URL the source reads (for RTSP-only options and for redaction). */
export function sourceInput(source: CameraSource): string | null {
  return source.kind === 'url' ? source.url : null;
}

export function isRtsp(input: string | null): boolean {
  return input !== null && /^rtsps?:\/\//i.test(input);
}

/** Splits an argument string like a POSIX shell would, without running one; throws InvalidSourceError (INVALID_SOURCE). */
export function tokenizeArgs(text: string): string[] {
  try {
    return tokenize(text);
  } catch (error) {
    throw asInvalidSource(error);
  }
}
