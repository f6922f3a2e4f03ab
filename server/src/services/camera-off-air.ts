import { maskSourceCredentials, type Camera, type CameraOffAir } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { InvalidSourceError, isMediaError, redactorFor } from '../media/index.js';

/** Why a camera has no stream, and how media failures read to API clients: shared by the stream and snapshot services. */

const MAX_STREAMS_MESSAGE = "the camera's maximum number of live viewers is reached";

/**
 * Media errors as API errors; the media messages are already redacted, ours are generic anyway. A refused camera
 * setting is the argument library's InvalidSourceError all the way from lib/ffmpeg-args up to here, its one mapping.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof InvalidSourceError) return new AppError('CAMERA_OFFLINE', 'the camera source is not valid');
  if (!isMediaError(error)) return error;
  switch (error.code) {
    case 'CAMERA_NOT_FOUND':
      return new AppError('CAMERA_NOT_FOUND', 'camera not found');
    case 'STREAM_NOT_FOUND':
      return new AppError('NOT_FOUND', 'the camera has no such stream (configure a sub source for sub)');
    case 'MAX_STREAMS_REACHED':
      return new AppError('MAX_STREAMS_REACHED', MAX_STREAMS_MESSAGE);
    case 'SNAPSHOT_FAILED':
      return new AppError('SNAPSHOT_FAILED', 'the snapshot could not be made');
    case 'FFMPEG_UNAVAILABLE':
      return new AppError('FFMPEG_UNAVAILABLE', 'ffmpeg is not available');
    case 'HUB_CLOSED':
      return new AppError('CAMERA_OFFLINE', 'the server is stopping');
  }
}

function sourcesOf(camera: Camera): string[] {
  const v = camera.videoConfig;
  return [v.source, v.subSource, v.stillImageSource].filter((s): s is string => typeof s === 'string' && s !== '');
}

/** The English reason beside each off-air code (API users and logs; the web translates the code). */
export const OFF_AIR: Record<CameraOffAir, string> = { disabled: 'the camera is disabled', privacy: 'the camera is in privacy mode' };

/**
 * Why a camera has no stream: disabled, or in privacy mode (no upstream connection at all: no live view, no
 * recording, no motion detection; its snapshot is the privacy image). null when it streams.
 */
export function offAirOf(camera: Camera): CameraOffAir | null {
  if (camera.disable) return 'disabled';
  if (camera.privacyMode) return 'privacy';
  return null;
}

/** Masks whatever credential of this camera's sources a text may carry (the media module already did; twice is cheap). */
export function redactorOf(camera: Camera | undefined): (text: string) => string {
  const redactors = camera ? sourcesOf(camera).map(redactorFor) : [];
  return (text) => maskSourceCredentials(redactors.reduce((out, redact) => redact(out), text));
}
