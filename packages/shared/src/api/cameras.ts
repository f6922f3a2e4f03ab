import { z } from 'zod';
import { cameraAlertFields } from './alerts.js';
import { cameraObjectDetectionFields } from './object-detection.js';
import { LIVE_TRANSPORTS } from './webrtc.js';
import { hasForbiddenNameCharacters, replaceUrls } from '../text.js';
import { displayNameSchema } from './common.js';
import { cameraRecordingFields } from './continuous.js';
import { cameraOnvifSchema } from './onvif.js';
import { cameraOnvifEventFields } from './onvif-events.js';

/**
 * A camera as `config.json` holds it. Names follow camera.ui 1.1.17 (`videoConfig.*`, `videoanalysis`,
 * `mqtt`, `smtp`, HomeKit keys) so an existing config file keeps working; keys HomeCam does not use
 * (HomeKit's `hksvConfig`, `unbridge`, ...) are kept untouched. Defaults are the original's.
 */
export const PROBE_SIZE_DEFAULT = 5_000_000;
export const ANALYZE_DURATION_DEFAULT_US = 5_000_000;
export const REORDER_QUEUE_SIZE_DEFAULT = 500;
export const MAX_STREAMS_DEFAULT = 4;
export const DEFAULT_ROOM = 'Standard';

export const RTSP_TRANSPORTS = ['tcp', 'udp', 'http', 'udp_multicast'] as const;

/**
 * A source is an allow-listed URL, the original's ffmpeg input arguments (`-rtsp_transport tcp -i rtsp://…`), or
 * `demo:`. Its grammar (camera-source.ts) is checked on every write (`cameraWriteSchema`) and by the stream hub,
 * not here: a camera of config.json with a refused source must not stop the server, only that camera.
 */
export const cameraSourceSchema = z.string({ message: 'FIELD_REQUIRED' }).trim().min(1, 'FIELD_REQUIRED').max(2048);

/** Text that is not even shaped like a source gets the short SOURCE_INVALID instead of the grammar's message. */
export function looksLikeSource(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /(?:^|\s)-i\s+\S+/.test(text) || /^demo:/i.test(text);
}

const optionalSource = z.string().trim().max(2048).optional();

export const motionZoneSchema = z.object({
  finished: z.boolean().default(true),
  /** Polygon points in percent of the picture (0–100). */
  coords: z.array(z.tuple([z.number().min(0).max(100), z.number().min(0).max(100)])).min(3),
});
export type MotionZone = z.infer<typeof motionZoneSchema>;

export const videoConfigSchema = z.looseObject({
  source: cameraSourceSchema,
  subSource: optionalSource,
  stillImageSource: optionalSource,
  readRate: z.boolean().default(false),
  rtspTransport: z.enum(RTSP_TRANSPORTS).default('tcp'),
  /** Socket time-out in seconds (`-timeout` for ffmpeg ≥ 5). */
  stimeout: z.number().int().min(0).max(600).default(10),
  analyzeDuration: z.number().int().min(0).default(ANALYZE_DURATION_DEFAULT_US),
  probeSize: z.number({ message: 'PROBE_SIZE_INVALID' }).int('PROBE_SIZE_INVALID').min(32, 'PROBE_SIZE_INVALID').default(PROBE_SIZE_DEFAULT),
  /** RTP packets ffmpeg may hold to reorder; only over UDP (over TCP nothing arrives out of order, and a queue only stalls). */
  reorderQueueSize: z.number().int().min(0).default(REORDER_QUEUE_SIZE_DEFAULT),
  maxDelay: z.number().int().min(0).optional(),
  maxStreams: z.number().int().min(1).max(64).default(MAX_STREAMS_DEFAULT),
  maxWidth: z.number().int().min(16).max(7680).optional(),
  maxHeight: z.number().int().min(16).max(4320).optional(),
  maxFPS: z.number().int().min(1).max(120).optional(),
  maxBitrate: z.number().int().min(1).optional(),
  /** `copy` passes H.264 through; other values only matter when the camera's codec must be transcoded. */
  vcodec: z.string().default('copy'),
  acodec: z.string().default('copy'),
  encoderOptions: z.string().optional(),
  videoFilter: z.string().optional(),
  mapvideo: z.string().optional(),
  mapaudio: z.string().optional(),
  audio: z.boolean().default(true),
});
export type VideoConfig = z.infer<typeof videoConfigSchema>;

export const videoAnalysisSchema = z.looseObject({
  active: z.boolean().default(false),
  /** Minutes; 0 disables the forced close. */
  forceCloseTimer: z.number().int().min(0).max(60).default(3),
  /** Seconds without motion that end an event. */
  dwellTimer: z.number().int().min(1).max(600).default(60),
  sensitivity: z.number().int().min(0).max(100).default(75),
  difference: z.number().int().min(1).max(255).default(5),
  regions: z.array(motionZoneSchema).default([]),
});

export const cameraSchema = z.looseObject({
  name: z
    .string({ message: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(64)
    .regex(/^[^/\\?#%]+$/, 'CAMERA_NAME_INVALID'),
  room: z.string().trim().min(1).max(64).default(DEFAULT_ROOM),
  disable: z.boolean().default(false),
  prebuffering: z.boolean().default(false),
  /** Seconds of video kept before an event (the prebuffer). */
  prebufferLength: z.number().int().min(1).max(30).default(4),
  /** Seconds; 0 disables the reset of motion (spec §4). */
  motionTimeout: z.number().int().min(0).max(3600).default(15),
  videoanalysis: videoAnalysisSchema.default({ active: false, forceCloseTimer: 3, dwellTimer: 60, sensitivity: 75, difference: 5, regions: [] }),
  videoConfig: videoConfigSchema,
  manufacturer: z.string().max(128).optional(),
  model: z.string().max(128).optional(),
  serialNumber: z.string().max(128).optional(),
  motion: z.boolean().default(true),
  doorbell: z.boolean().default(false),
  privacySwitch: z.boolean().default(false),
  excludeSwitch: z.boolean().default(false),
  privacyMode: z.boolean().default(false),
  /** Seconds between snapshot refreshes in card and camview tiles. */
  snapshotTimer: z.number().int().min(1).max(3600).default(10),
  mqtt: z
    .looseObject({
      motionTopic: z.string().optional(),
      motionMessage: z.string().optional(),
      motionResetTopic: z.string().optional(),
      motionResetMessage: z.string().optional(),
      doorbellTopic: z.string().optional(),
      doorbellMessage: z.string().optional(),
    })
    .optional(),
  smtp: z.looseObject({ email: z.string().optional(), from: z.string().optional(), body: z.string().optional() }).optional(),
  /** Config-file only (spec §5): the UI shows these read-only. */
  recordingType: z.enum(['Snapshot', 'Video']).optional(),
  recordingTimer: z.number().int().min(1).max(3600).optional(),
  /** 24/7 recording (issue 19): mode, stream and footage cap; defaults applied by cameraRecording(). */
  ...cameraRecordingFields,
  /** Alerts (issue 9): Telegram type, Alexa, webhook URL, MQTT topic, channels, image analysis. */
  ...cameraAlertFields,
  /** Local object detection (issue 20): labels, minimum score and size, zones per label. */
  ...cameraObjectDetectionFields,
  /** ONVIF (issue 22): the device service address with its credentials, and whether the camera can pan and tilt. */
  onvif: cameraOnvifSchema.optional(),
  /** ONVIF (issue 22): the camera's own events as a trigger source (at `onvif.url`). */
  ...cameraOnvifEventFields,
});
export type Camera = z.infer<typeof cameraSchema>;
export type CameraInput = z.input<typeof cameraSchema>;

/**
 * The display names of a camera (its name and room) that hold a character no name may (text.ts: control
 * characters, lone surrogates, bidi overrides and isolates), as issues `NAME_CHARACTERS_INVALID`. Checked on every
 * write (`cameraWriteSchema`, config writes) and by the web form, not by `cameraSchema`: a hand-edited config.json
 * with such a name still loads, and the stream hub shows that camera in error (finding N11).
 */
export function cameraNameIssues(camera: { name?: unknown; room?: unknown }): { path: string; message: 'NAME_CHARACTERS_INVALID' }[] {
  return (['name', 'room'] as const)
    .filter((key) => typeof camera[key] === 'string' && hasForbiddenNameCharacters(camera[key]))
    .map((key) => ({ path: key, message: 'NAME_CHARACTERS_INVALID' }));
}

/** Fields the interface cannot change (spec §5); the hint says to edit the config file. */
export const CONFIG_FILE_ONLY_CAMERA_FIELDS = ['recordingType', 'recordingTimer'] as const;

export const CAMERA_STATES = ['idle', 'starting', 'streaming', 'offline', 'error'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];

/**
 * Why a camera streams nothing on purpose (spec §4 names enabled/disabled; privacy mode): `disabled` in its
 * settings, or in `privacy` mode (no live view, no recording; its snapshot is the privacy image). The web
 * translates the code (`cameras:offAir.<code>`); it is never a broken connection.
 */
export const CAMERA_OFF_AIR = ['disabled', 'privacy'] as const;
export type CameraOffAir = (typeof CAMERA_OFF_AIR)[number];

export const cameraStatusSchema = z.object({
  name: z.string(),
  state: z.enum(CAMERA_STATES),
  /** Human-readable reason for offline/error (English, for logs and API users), never containing credentials. */
  reason: z.string().nullable(),
  /** Set while the camera is disabled or in privacy mode (state is then `idle`); null while it may stream. */
  offAir: z.enum(CAMERA_OFF_AIR).nullable(),
  viewers: z.number().int(),
  codecs: z.string().nullable(),
  transcoding: z.boolean(),
  since: z.string(),
});
export type CameraStatus = z.infer<typeof cameraStatusSchema>;

export const cameraNameParamsSchema = z.object({ name: z.string().min(1) });

export const roomSchema = z.object({ name: z.string(), cameras: z.number().int() });
export type Room = z.infer<typeof roomSchema>;
export const roomRequestSchema = z.object({
  name: displayNameSchema('ROOM_NAME_REQUIRED'),
});

/** Text control messages on the live WebSocket: realtime/live-messages.ts; binary messages are fMP4 (init segment first). */

export const cameraListSchema = z.object({ result: z.array(cameraSchema) });
export const roomListSchema = z.object({ result: z.array(roomSchema) });
export const roomNameParamsSchema = z.object({ name: z.string().min(1) });

/** Which stream of the camera: `source` feeds main, `subSource` sub. */
export const CAMERA_STREAMS = ['main', 'sub'] as const;
export type CameraStreamName = (typeof CAMERA_STREAMS)[number];

/** `GET /api/cameras/:name/live?stream=sub` (default main). */
/** `transport=webrtc` (issue 10): the socket carries WebRTC signalling first, MSE only as the fallback. */
export const liveQuerySchema = z.object({
  stream: z.enum(CAMERA_STREAMS).default('main'),
  transport: z.enum(LIVE_TRANSPORTS).default('mse'),
});

/** `GET /api/cameras/:name/snapshot?width=320` scales the JPEG (height follows); default full size. */
export const snapshotQuerySchema = z.object({ width: z.coerce.number().int().min(16).max(3840).optional() });

/** Stands in for a secret in every masked source; sending it back in a PATCH keeps the stored secret. */
export const MASKED_SECRET = '********';

/** Query parameters that carry a secret in camera URLs (`snapshot.cgi?user=admin&pwd=...`). */
const SECRET_QUERY_KEY = /^(?:pass(?:word|wd)?|pwd|psw|token|key|secret|auth|sig(?:nature)?|p)$/i;

/**
 * `?key=value` pairs of a URL; groups: separator, key, value. A key holds no separator (`?` included), so each
 * attempt stops at the next one: linear however many `?` or `&` a hostile URL repeats.
 */
export const URL_QUERY_PARAM = /([?&;])([^=&#;?]+)=([^&#;]*)/g;

/** A URL cut around its user info: `prefix` + (`user:`)`secret` + `rest`. */
export interface UrlCredentials {
  /** `scheme://`. */
  prefix: string;
  /** null when the user info has no colon (a bare token, all of it secret). */
  user: string | null;
  /** The password, or the whole user info when it has no colon; null when the URL carries no user info. */
  secret: string | null;
  /** From the `@` on (host, path, query), or everything after the prefix when there is no user info. */
  rest: string;
}

export function splitUrlCredentials(url: string): UrlCredentials {
  const start = url.indexOf('://') + 3;
  const prefix = url.slice(0, start);
  const afterPrefix = url.slice(start);
  const queryAt = afterPrefix.search(/[?#]/);
  const beforeQuery = queryAt < 0 ? afterPrefix : afterPrefix.slice(0, queryAt);
  // The last '@' before the query ends the user info, even when an unencoded password holds '@' or '/'.
  const at = beforeQuery.lastIndexOf('@');
  if (at < 0) return { prefix, user: null, secret: null, rest: afterPrefix };
  const userInfo = beforeQuery.slice(0, at);
  const colon = userInfo.indexOf(':');
  return {
    prefix,
    user: colon < 0 ? null : userInfo.slice(0, colon),
    secret: colon < 0 ? userInfo : userInfo.slice(colon + 1),
    rest: afterPrefix.slice(at),
  };
}

export function joinUrlCredentials({ prefix, user, secret, rest }: UrlCredentials): string {
  if (secret === null) return prefix + rest;
  return `${prefix}${user === null ? secret : `${user}:${secret}`}${rest}`;
}

function maskUrl(url: string): string {
  const parts = splitUrlCredentials(url);
  const rest = parts.rest.replace(URL_QUERY_PARAM, (whole, sep: string, key: string, value: string) =>
    value && SECRET_QUERY_KEY.test(key) ? `${sep}${key}=${MASKED_SECRET}` : whole,
  );
  return joinUrlCredentials({ ...parts, secret: parts.secret === null ? null : MASKED_SECRET, rest });
}

/**
 * Replaces the password inside every URL of a source string (`rtsp://user:********@host`; user info without a
 * colon is masked whole) and the values of password-like query parameters (`?user=admin&pwd=********`).
 * Works on the original's ffmpeg-argument form too, in time linear in the text (text.ts: findUrls).
 */
export function maskSourceCredentials(source: string): string {
  return replaceUrls(source, maskUrl);
}
