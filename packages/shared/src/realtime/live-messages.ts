import { z } from 'zod';
import { CAMERA_STATES, type CameraState } from '../api/cameras.js';
import type { ErrorCode } from '../errors.js';
import { WEBRTC_UNAVAILABLE_REASONS, type WebrtcUnavailableReason } from '../api/webrtc.js';

export const TALK_STATES = ['talking', 'stopped', 'refused'] as const;
export type TalkState = (typeof TALK_STATES)[number];

/**
 * The JSON control messages on the live video WebSocket (`/api/cameras/:name/live`); video travels as binary
 * frames beside them. One definition for both ends: the server builds messages with `liveMessage`, the browser
 * checks every text frame with `parseLiveServerMessage` instead of trusting a cast.
 */
export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /** Precedes the binary init segment; `transcoding` is true when the server re-encodes (H.265, MJPEG). */
  z.object({ type: z.literal('init'), mimeType: z.string().min(1), transcoding: z.boolean() }),
  /** The stream's state changed; `reason` explains offline/error and never holds credentials. */
  z.object({ type: z.literal('state'), state: z.enum(CAMERA_STATES), reason: z.string().nullable() }),
  /**
   * Sent just before the server closes with 4000 + the code's HTTP status. `code` is a plain string on the wire
   * so an older page still shows a code a newer server added (the server side is typed by `liveMessage.error`).
   */
  z.object({ type: z.literal('error'), code: z.string().min(1), message: z.string() }),
  /** Issue 10 (`?transport=webrtc`): the answer to the player's offer; media then flows over the peer connection. */
  z.object({ type: z.literal('webrtc-answer'), sdp: z.string().min(1).max(65_536) }),
  /** A trickled ICE candidate of the server (an empty `candidate` ends gathering). */
  z.object({ type: z.literal('webrtc-candidate'), candidate: z.string().max(1024), mid: z.string().max(64) }),
  /** WebRTC declined; the server goes on with MSE (`init` + binary fragments) on the same socket. */
  z.object({ type: z.literal('webrtc-unavailable'), reason: z.enum(WEBRTC_UNAVAILABLE_REASONS) }),
  /**
   * Issue 22, press to talk: `talking` once the camera's backchannel takes the microphone's sound, `stopped` when
   * talking ended (released, or the camera went away), `refused` with an error code (TALK_BUSY: someone else is
   * talking; TALK_UNAVAILABLE; FORBIDDEN). The socket stays open in every case.
   */
  z.object({ type: z.literal('talk'), state: z.enum(TALK_STATES), code: z.string().optional() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/** What the browser sends: `auth` first (unless the cookie signed in), then `pause`/`resume`. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  /** Issue 10 (`?transport=webrtc`): a recvonly offer, H.264 (42e01f/4d001f packetization-mode=1), Opus optional. */
  z.object({ type: z.literal('webrtc-offer'), sdp: z.string().min(1).max(65_536) }),
  z.object({ type: z.literal('webrtc-candidate'), candidate: z.string().max(1024), mid: z.string().max(64) }),
  /** The player gives up on WebRTC (ICE failed, no frame in time): the server switches this socket to MSE. */
  z.object({ type: z.literal('webrtc-fallback') }),
  /** Issue 22: the talk button pressed (`on`) or released; the sound is the peer's audio track (sendrecv offer). */
  z.object({ type: z.literal('talk'), on: z.boolean() }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Typed constructors for the server, so an error message can only carry a known error code. */
export const liveMessage = {
  init: (mimeType: string, transcoding: boolean): LiveServerMessage => ({ type: 'init', mimeType, transcoding }),
  state: (state: CameraState, reason: string | null): LiveServerMessage => ({ type: 'state', state, reason }),
  error: (code: ErrorCode, message: string): LiveServerMessage => ({ type: 'error', code, message }),
  webrtcAnswer: (sdp: string): LiveServerMessage => ({ type: 'webrtc-answer', sdp }),
  webrtcCandidate: (candidate: string, mid: string): LiveServerMessage => ({ type: 'webrtc-candidate', candidate, mid }),
  webrtcUnavailable: (reason: WebrtcUnavailableReason): LiveServerMessage => ({ type: 'webrtc-unavailable', reason }),
  talk: (state: TalkState, code?: ErrorCode): LiveServerMessage => ({ type: 'talk', state, ...(code ? { code } : {}) }),
} as const;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A text frame from the server, or null when it is not JSON or not a message this version knows. */
export function parseLiveServerMessage(text: string): LiveServerMessage | null {
  const result = liveServerMessageSchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
}

/** A text frame from the browser, or null when it is not JSON or not a known message. */
export function parseLiveClientMessage(text: string): LiveClientMessage | null {
  const result = liveClientMessageSchema.safeParse(parseJson(text));
  return result.success ? result.data : null;
}
