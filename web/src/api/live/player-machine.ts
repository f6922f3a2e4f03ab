import type { CameraState, LiveTransport } from '@homecam/shared';

/**
 * The live player's states:
 * connecting → playing → offline (the camera is down, the socket stays) / error (final) /
 * reconnecting (the socket closed; a new one after the backoff) / paused (hidden tab, off-screen, user).
 */
export type PlayerStatus = 'connecting' | 'playing' | 'offline' | 'error' | 'reconnecting' | 'paused';

/** Client-side problems, translated like the server's codes. */
export type PlayerErrorCode = 'CODEC_UNSUPPORTED' | 'MSE_UNSUPPORTED' | 'PLAYBACK_FAILED';

export interface PlayerState {
  status: PlayerStatus;
  /** The server's error code, or a client-side problem. */
  errorCode: string | null;
  /** The server's reason for offline (English, already without credentials). */
  reason: string | null;
  /** The server transcodes this stream (H.265, MJPEG) because the browser cannot play it. */
  transcoding: boolean;
  mimeType: string | null;
  /** Consecutive reconnects without a frame in between. */
  attempt: number;
  /** What carries the picture (null until known); `fallback` says why WebRTC was left for MSE. */
  transport: LiveTransport | null;
  fallback: string | null;
  /** WebRTC: the server sends the camera's sound on an audio track (MSE: see mimeType). */
  audio: boolean;
}

export type PlayerEvent =
  | { type: 'CONNECT' }
  | { type: 'INIT'; mimeType: string; transcoding: boolean }
  | { type: 'FRAME' }
  | { type: 'STREAM_STATE'; state: CameraState; reason: string | null }
  | { type: 'ERROR'; code: string }
  | { type: 'CLOSED' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'TRANSPORT'; transport: LiveTransport; fallback: string | null }
  | { type: 'AUDIO' };

export const initialPlayerState: PlayerState = {
  status: 'connecting',
  errorCode: null,
  reason: null,
  transcoding: false,
  mimeType: null,
  attempt: 0,
  transport: null,
  fallback: null,
  audio: false,
};

/** Errors after which asking again will not help: the player stops until the user reloads. */
const FINAL_ERRORS = new Set([
  'MAX_STREAMS_REACHED',
  'FORBIDDEN',
  'CAMERA_NOT_FOUND',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'CREDENTIALS_CHANGE_REQUIRED',
  'CODEC_UNSUPPORTED',
  'MSE_UNSUPPORTED',
  // A disabled camera, one in privacy mode (the page shows that from the camera's status); an unknown path.
  'CAMERA_OFFLINE',
  'PRIVACY_MODE',
  'NOT_FOUND',
]);

export function isFinalError(code: string): boolean {
  return FINAL_ERRORS.has(code);
}

export function playerTransition(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'CONNECT':
      return state.status === 'error' ? state : { ...state, status: state.status === 'offline' ? 'offline' : 'connecting', errorCode: null };
    case 'INIT':
      if (state.status === 'error' || state.status === 'paused') return state;
      return { ...state, status: 'connecting', reason: null, mimeType: event.mimeType, transcoding: event.transcoding };
    case 'FRAME':
      if (state.status === 'error' || state.status === 'paused' || state.status === 'offline') return state;
      return { ...state, status: 'playing', attempt: 0, reason: null, errorCode: null };
    case 'STREAM_STATE':
      if (state.status === 'error' || state.status === 'paused') return state;
      if (event.state === 'offline' || event.state === 'error') return { ...state, status: 'offline', reason: event.reason };
      // starting/streaming again after an outage: a new init follows.
      if (state.status === 'offline' && event.state !== 'idle') return { ...state, status: 'connecting', reason: null };
      return state;
    case 'ERROR':
      if (isFinalError(event.code)) return { ...state, status: 'error', errorCode: event.code };
      return { ...state, errorCode: event.code };
    case 'CLOSED':
      if (state.status === 'error' || state.status === 'paused') return state;
      return { ...state, status: 'reconnecting', attempt: state.attempt + 1 };
    case 'PAUSE':
      return state.status === 'error' ? state : { ...state, status: 'paused' };
    case 'RESUME':
      return state.status === 'paused' ? { ...state, status: 'connecting', attempt: 0 } : state;
    case 'TRANSPORT':
      return { ...state, transport: event.transport, fallback: event.fallback, audio: event.transport === 'webrtc' && state.audio };
    case 'AUDIO':
      return { ...state, audio: true };
  }
}
