import type { Generated } from 'kysely';

/** Row types of homecam.db. Timestamps are ISO-8601 strings (UTC); booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the unique key, so "Alice" and "alice" cannot both exist. */
  username_key: string;
  password_hash: string;
  /** JSON array of permission strings. */
  permissions: string;
  session_timer: number;
  photo: string | null;
  must_change_credentials: number;
  /** Issue 21: JSON array of the camera names the user may see; null = every camera. */
  cameras: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface NotificationsTable {
  id: string;
  camera: string | null;
  room: string | null;
  type: string;
  title: string;
  message: string;
  label: string | null;
  /** JSON array of image analysis labels (0009), best first; null when none. */
  labels: string | null;
  thumbnail: string | null;
  created_at: string;
  recording_id: string | null;
  trigger: string | null;
  level: Generated<string>;
}

export interface RecordingsTable {
  id: string;
  camera: string;
  room: string;
  trigger: string;
  type: string;
  label: string;
  /** JSON array of image analysis labels (0009), best first; null when none. */
  labels: string | null;
  started_at: string;
  duration_ms: number;
  size_bytes: number;
  /** Relative to `root`: `<camera>/<date>/<id>.mp4`. */
  file: string;
  /** Relative to `root`, like `file`. */
  thumbnail: string | null;
  status: string;
  /**
   * Absolute recordings directory the files were written under (`recordings.path` when the clip started), so a
   * later change of the path leaves them reachable. Null only for rows older than 0005 until the start-up fill.
   */
  root: string | null;
  /** 1: a span of continuous footage (0011), no file of its own; 0: a clip or picture. */
  span: Generated<number>;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  /** roomNameKey(name): unique. */
  name_key: string;
  created_at: string;
}

/** The server's VAPID key pair (RFC 8292), base64url: public = uncompressed P-256 point, private = the scalar. */
export interface VapidKeysTable {
  id: number;
  public_key: string;
  /** Secret: read only by the push sender, never returned or logged. */
  private_key: string;
  created_at: string;
}

/** A browser's push subscription, owned by the session that registered it. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: number;
  session_id: string;
  /** The push service URL; its path is a capability token: never logged (only its origin). */
  endpoint: string;
  /** Secrets of the browser (RFC 8291), base64url. */
  p256dh: string;
  auth: string;
  created_at: string;
  /** The browser's UI language (a LANGUAGES code) for the server's texts in pushes; null: English (0006). */
  language: string | null;
}

/** A user's dashboard board (0007): the layout as JSON, one row per user. */
export interface DashboardLayoutsTable {
  user_id: number;
  layout: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  notifications: NotificationsTable;
  rooms: RoomsTable;
  recordings: RecordingsTable;
  vapid_keys: VapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  dashboard_layouts: DashboardLayoutsTable;
  rekognition_usage: RekognitionUsageTable;
  segments: SegmentsTable;
  segment_minutes: SegmentMinutesTable;
  review_items: ReviewItemsTable;
  review_marks: ReviewMarksTable;
  exports: ExportsTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  api_tokens: ApiTokensTable;
}

/** One continuous-recording segment (0010): a standalone fMP4 (init + fragments) under `root` of node `node_id`. */
export interface SegmentsTable {
  id: string;
  node_id: string;
  camera: string;
  stream: string;
  start_ms: number;
  end_ms: number;
  bytes: number;
  init_bytes: number;
  init_hash: string;
  root: string;
  file: string;
  motion: number;
  motion_score: number;
  event: number;
  /** writing · complete · interrupted */
  status: string;
}

/** The segments of one camera whose start falls in one minute, summed (0010): the timeline of long ranges. */
export interface SegmentMinutesTable {
  camera: string;
  minute_ms: number;
  footage_ms: number;
  motion_ms: number;
  first_ms: number;
  last_ms: number;
}

/** Overlapping events of one camera merged into one item to review (0010). */
export interface ReviewItemsTable {
  id: string;
  camera: string;
  start_ms: number;
  end_ms: number;
  labels: string;
  events: number;
}

export interface ReviewMarksTable {
  item_id: string;
  user_id: number;
  reviewed_ms: number;
}

/** A range of one camera copied into one MP4 (0010); never touched by retention. */
export interface ExportsTable {
  id: string;
  node_id: string;
  owner_id: number;
  name: string;
  camera: string;
  from_ms: number;
  to_ms: number;
  status: string;
  progress: number;
  bytes: number;
  duration_ms: number;
  root: string;
  file: string;
  error: string | null;
  created_ms: number;
}

/** The single Rekognition counter row (id 1): calls in `month` (UTC `YYYY-MM`), the last call's time. */
export interface RekognitionUsageTable {
  id: number;
  month: string;
  used: number;
  last_call: string | null;
}

/** A user's authenticator-app secret (0012); unconfirmed until the first code. */
export interface TotpSecretsTable {
  user_id: number;
  secret: string;
  created_at: string;
  confirmed_at: string | null;
  last_step: number | null;
}

/** One recovery code (0012): its SHA-256, and when it was used (never twice). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** One passkey (0013): a WebAuthn credential of a user. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  /** JSON array of transport names. */
  transports: string;
  user_handle: string;
  rp_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** An API token for an integration (0014): its SHA-256, its scopes (JSON array of permissions) and its life. */
export interface ApiTokensTable {
  id: string;
  user_id: number;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: string;
  /** null: never expires. */
  expires_at: string | null;
  last_used_at: string | null;
}
