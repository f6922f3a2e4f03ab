/**
 * Typed errors of the media module. `code` matches the API error codes of @homecam/shared where one exists
 * (CAMERA_NOT_FOUND, MAX_STREAMS_REACHED, SNAPSHOT_FAILED, FFMPEG_UNAVAILABLE); messages are English, for logs,
 * and never contain credentials.
 */
export type MediaErrorCode =
  | 'CAMERA_NOT_FOUND'
  | 'STREAM_NOT_FOUND'
  /** A 'viewer' consumer was refused because the camera's maxStreams viewers are already watching. */
  | 'MAX_STREAMS_REACHED'
  | 'FFMPEG_UNAVAILABLE'
  | 'SNAPSHOT_FAILED'
  | 'HUB_CLOSED';

export class MediaError extends Error {
  override name = 'MediaError';

  constructor(
    readonly code: MediaErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class StreamLimitError extends MediaError {
  override name = 'StreamLimitError';

  constructor(
    readonly camera: string,
    readonly limit: number,
  ) {
    super('MAX_STREAMS_REACHED', `camera ${camera} already has ${limit} viewer(s), its limit`, { camera, limit });
  }
}

export function isMediaError(error: unknown, code?: MediaErrorCode): error is MediaError {
  return error instanceof MediaError && (code === undefined || error.code === code);
}
