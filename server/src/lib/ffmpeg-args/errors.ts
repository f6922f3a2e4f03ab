import { MediaSettingError } from '@homecam/shared';

/**
 * A camera setting (source, input or output option) outside the shared grammar. The library's own error, so it
 * needs nothing of the app; the media module turns it into its MediaError with the same code and message.
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
