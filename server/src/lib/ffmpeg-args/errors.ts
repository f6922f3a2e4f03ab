import { MediaSettingError } from '@homecam/shared';

/**
 * A camera setting (source, input or output option) outside the shared grammar. The library's own error, so it
 * needs nothing of the app, and the server's one name for a refused source: media keeps it as a stream's
 * INVALID_SOURCE reason, and services/camera-off-air.ts `toAppError` is its one mapping to an API error.
 * Messages name the refused option or value and never contain credentials.
 */
export class InvalidSourceError extends Error {
  override name = 'InvalidSourceError';
  readonly code = 'INVALID_SOURCE';
}

/** A refusal of the shared grammar (MediaSettingError) as InvalidSourceError; anything else unchanged. */
export function asInvalidSource(error: unknown): unknown {
  return error instanceof MediaSettingError ? new InvalidSourceError(`invalid camera settings: ${error.message}`) : error;
}
