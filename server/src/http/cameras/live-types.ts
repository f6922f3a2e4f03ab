import { ERROR_STATUS, type ErrorCode, type LiveTransport, type WebrtcSettings } from '@homecam/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { RawData } from 'ws';
import type { EventBus } from '../../events/event-bus.js';
import type { StreamName } from '../../media/index.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthService } from '../../services/auth.service.js';
import type { CameraStreamService } from '../../services/camera-stream.service.js';
import type { CameraService } from '../../services/camera.service.js';

/** The live WebSocket session's dependencies, request and wire helpers (live-session.ts). */
export interface LiveDeps {
  auth: AuthService;
  cameras: CameraService;
  streams: CameraStreamService;
  bus: EventBus;
  clock: Clock;
  /** How long the client has to send its `auth` message. Default 5 s. */
  authTimeoutMs?: number;
  /** Stop reading the stream while more than this is waiting to go out on the socket. Default 1 MiB. */
  highWaterBytes?: number;
  /** config.json `webrtc` as it is now (absent = on with defaults). */
  webrtc?: () => WebrtcSettings | undefined;
}

export interface LiveRequest {
  raw: IncomingMessage;
  id: string;
  log: FastifyBaseLogger;
  /** Bearer header or session cookie, when the client sent one. */
  token: string | undefined;
  /** The client's address as Fastify reports it (a wrong API token is throttled per address). */
  ip?: string | undefined;
  camera: string;
  stream: StreamName;
  /** `?transport=webrtc`: negotiate WebRTC first (webrtc/live-webrtc.ts), MSE otherwise or as its fallback. */
  transport?: LiveTransport;
}

/** Close codes: 4000 + the HTTP status of the error code (4401, 4403, 4404, 4429, 4503, ...). */
export function closeCodeFor(code: ErrorCode): number {
  return 4000 + ERROR_STATUS[code];
}

export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
