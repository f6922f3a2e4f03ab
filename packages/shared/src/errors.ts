/**
 * Every API error answers `{ error: { code, message, details? } }`.
 * `message` is English for logs and API users; the UI translates by `code` (`errors.<CODE>`).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  WRONG_CURRENT_PASSWORD: 400,
  CREDENTIALS_UNCHANGED: 400,
  /** A masked camera password was sent back for another scheme, host, port or user: it must be typed again. */
  SECRET_RETYPE_REQUIRED: 400,
  /** An uploaded image that ffmpeg cannot decode (it is re-encoded, never stored as sent). */
  IMAGE_UNREADABLE: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CREDENTIALS_CHANGE_REQUIRED: 403,
  CANNOT_CHANGE_OWN_PERMISSIONS: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  CAMERA_NOT_FOUND: 404,
  ROOM_NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  CAMERA_EXISTS: 409,
  ROOM_EXISTS: 409,
  ROOM_IS_DEFAULT: 409,
  LAST_ADMIN: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The camera is in privacy mode: no live view, no recording; the snapshot is the privacy image. */
  PRIVACY_MODE: 423,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CONFIG_INVALID: 422,
  RATE_LIMITED: 429,
  MAX_STREAMS_REACHED: 429,
  INTERNAL: 500,
  SNAPSHOT_FAILED: 502,
  CAMERA_OFFLINE: 503,
  FFMPEG_UNAVAILABLE: 503,
  /** A config write would remove every camera or a whole top-level section without `?confirm=` saying so. */
  CONFIG_DESTRUCTIVE: 409,
  /** config.json would nest deeper than CONFIG_MAX_DEPTH or weigh more than CONFIG_MAX_BYTES: not written. */
  CONFIG_TOO_DEEP: 400,
  CONFIG_TOO_LARGE: 400,
  /** Only an admin moves the recordings directory (HomeCam writes and deletes files there). */
  RECORDINGS_PATH_ADMIN_ONLY: 403,
  /** A camera source on this machine (loopback: a local go2rtc) is set by an admin only (F4). */
  CAMERA_SOURCE_ADMIN_ONLY: 403,
  /** A non-admin may change only the case of its own username: names are given by an admin (no name probing). */
  USERNAME_ADMIN_ONLY: 403,
  /** A non-admin may shorten its own session timer, not lengthen it past SESSION_TIMER_SELF_MAX_S. */
  SESSION_TIMER_ABOVE_LIMIT: 403,
  /** Dashboard feed widget: the URL is not an http(s) URL of at most 2048 characters without credentials. */
  FEED_URL_INVALID: 400,
  /** The feed's host is (or resolves to, or redirects to) a loopback, private or otherwise internal address. */
  FEED_ADDRESS_REFUSED: 400,
  /** The feed could not be fetched (connection failed, time-out, error status, too many redirects). */
  FEED_UNREACHABLE: 502,
  /** The feed is larger than the server reads (FEED_MAX_BYTES). */
  FEED_TOO_LARGE: 502,
  /** The answer is not an RSS, Atom or RDF feed. */
  FEED_INVALID: 502,
  /** The weather provider did not answer usably (down, time-out, unexpected format). */
  WEATHER_UNAVAILABLE: 502,
  /** Too many uncached weather/feed fetches by this user in the last minute. */
  DASHBOARD_FETCH_RATE_LIMITED: 429,
  /** No integration (trigger, notifier, analysis) by that id in the plugins registry. */
  PLUGIN_NOT_FOUND: 404,
  /** The integration does not offer that action (e.g. restart of one that only follows another's state). */
  PLUGIN_ACTION_UNSUPPORTED: 409,
  /** Restart asked while nothing (start script, process manager) would start the server again. */
  RESTART_UNAVAILABLE: 409,
  /** A backup archive that is not one: bad gzip/tar, missing or invalid manifest, config.json or database. */
  BACKUP_INVALID: 400,
  /** An archive entry that is not a plain file or directory of the known layout (traversal, links, devices). */
  BACKUP_UNSAFE_ENTRY: 400,
  /** The archive's database is from a newer HomeCam (more migrations than this one knows). */
  BACKUP_TOO_NEW: 409,
  /** The archive (or one entry) is larger than allowed or than the free disk space. */
  BACKUP_TOO_LARGE: 413,
  /** Only admins restore archives this install did not sign. */
  BACKUP_NOT_SIGNED: 403,
  /** config.json changed (on disk or by another admin) since the editor read it (`?ifModifiedAt=`): not written. */
  CONFIG_CHANGED: 409,
  /** An alert setting that makes the server call out (URL, token, TLS exceptions) is changed by an admin only. */
  ALERT_SETTING_ADMIN_ONLY: 403,
  /** No alert channel by that id is registered (unknown, or not built into this server). */
  ALERT_CHANNEL_UNKNOWN: 404,
  /** The alert channel is switched off in its settings: a test needs it on. */
  ALERT_CHANNEL_DISABLED: 409,
  /** The alert channel's test message did not go through (the answer names the problem, never a secret). */
  ALERT_TEST_FAILED: 502,
  /** Only admins set a camera's webhook URL: the server calls out to it. */
  ALERT_WEBHOOK_ADMIN_ONLY: 403,
  /** Rekognition switched on (or left on) without an access key id and a secret access key: not written. */
  REKOGNITION_KEYS_MISSING: 409,
  /** Issue 21: the one-time or recovery code is wrong, used already, or the sign-in ticket is unknown or spent. */
  SECOND_FACTOR_INVALID: 401,
  /** The authenticator app is already set up: turn it off first to set up another. */
  TOTP_ALREADY_ENABLED: 409,
  /** A code was sent to confirm an enrolment that was never started (or the app is on already). */
  TOTP_NOT_PENDING: 409,
  /** The account has no authenticator app to turn off. */
  TOTP_NOT_ENABLED: 409,
  /** The system requires a second factor of this user: until it is set up, only the enrolment is open. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /**
   * Issue 21: the passkey's answer was refused: a ceremony unknown, expired or used, a signature, counter, origin or
   * RP ID that does not match, a passkey of another account, or no user verification where it is required. One
   * answer for all, as for codes.
   */
  PASSKEY_INVALID: 401,
  /** The new passkey's answer did not verify (its ceremony expired or was used, or the origin or RP ID differ). */
  PASSKEY_REGISTRATION_FAILED: 400,
  /** This passkey is registered already (to this account or another). */
  PASSKEY_ALREADY_REGISTERED: 409,
  /** The account holds PASSKEY_LIMIT passkeys: remove one first. */
  PASSKEY_LIMIT_REACHED: 409,
  /** No passkey of the caller by that id. */
  PASSKEY_NOT_FOUND: 404,
  /**
   * Passkeys need the page's origin (the request's Origin header) on the host the request was sent to, under a
   * host name: browsers refuse passkeys for an IP address.
   */
  PASSKEY_ORIGIN_REFUSED: 400,
  /** Issue 21: an API token is not a session: tokens, sessions, passwords and second factors need a signed-in session. */
  SESSION_REQUIRED: 403,
  /** The signed-in device is not one of that user's live sessions. */
  SESSION_NOT_FOUND: 404,
  /** No live API token by that id for that user. */
  API_TOKEN_NOT_FOUND: 404,
  /** A scope the owner does not hold: a token never gets more than its owner. */
  API_TOKEN_SCOPE_NOT_HELD: 403,
  /** The user holds API_TOKEN_MAX_PER_USER live tokens already. */
  API_TOKEN_LIMIT: 409,
  /** Issue 22: the ONVIF camera refused the user name and password (its WS-Security digest). */
  ONVIF_AUTH_FAILED: 422,
  /** The ONVIF camera refused the credentials and its clock is far from ours: the digest's time check fails. */
  ONVIF_CLOCK_SKEW: 422,
  /** The ONVIF camera accepted the connection but did not answer in time. */
  ONVIF_TIMEOUT: 504,
  /** Nothing answers at the ONVIF address (refused, no route, unknown name). */
  ONVIF_UNREACHABLE: 502,
  /** The camera answered something that is not a usable ONVIF answer (or too large, or a fault). */
  ONVIF_BAD_RESPONSE: 502,
  /** The camera has no ONVIF address, or reports no PTZ. */
  ONVIF_NOT_CONFIGURED: 409,
  /** A search for cameras on the network is not possible here (no multicast socket). */
  ONVIF_DISCOVERY_FAILED: 503,
  /** Issue 22: someone else is talking through this camera's speaker (one talker per camera). */
  TALK_BUSY: 409,
  /** The camera offers no audio backchannel, or it could not be opened (unreachable, refused, no G.711). */
  TALK_UNAVAILABLE: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ValidationIssue {
  /** Dotted path of the bad field, '' for the whole body. */
  path: string;
  /** A ValidationMessage key when the rule is ours, otherwise the validator's English text. */
  message: string;
  /** The path as keys and indexes, when known: unambiguous where a key holds a dot (the config editor places it). */
  segments?: (string | number)[];
}

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: unknown;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/**
 * Keys of the form messages of spec §5. Schemas use them as zod messages, so the same key reaches
 * the UI from a client-side check or from the server's VALIDATION_FAILED details, and is translated
 * as `validation.<KEY>`.
 */
export const VALIDATION_MESSAGES = [
  'FIELD_REQUIRED',
  'USERNAME_REQUIRED',
  'PASSWORD_REQUIRED',
  'PATH_REQUIRED',
  'PATH_NOT_ABSOLUTE',
  'PATH_NOT_WRITABLE',
  'CONFIG_FILE_ONLY',
  'PASSWORD_MISMATCH',
  'ROOM_NAME_REQUIRED',
  'PERMISSION_REQUIRED',
  'USERNAME_INVALID',
  'PASSWORD_INVALID',
  'PASSWORD_TOO_SHORT',
  'CURRENT_PASSWORD_REQUIRED',
  'SESSION_TIMER_INVALID',
  'PERMISSION_UNKNOWN',
  'PROBE_SIZE_INVALID',
  'SOURCE_INVALID',
  'CAMERA_NAME_INVALID',
  /** A system directory, the data directory, a parent of one of them, or the photos directory. */
  'PATH_FORBIDDEN',
  /** A directory with files in it that HomeCam does not own (no marker, no recordings). */
  'PATH_NOT_EMPTY',
  /** A text longer than TEXT_FIELD_MAX_LENGTH (a key: TEXT_KEY_MAX_LENGTH) characters, known field or unknown key. */
  'TEXT_TOO_LONG',
  /** A display name (camera, room, bridge) with a control character, a lone surrogate or a bidi override/isolate. */
  'NAME_CHARACTERS_INVALID',
  /** Spec §5 "fill all required fields": a form sent with some of its required fields empty. */
  'REQUIRED_FIELDS_EMPTY',
  /** Spec §5 "no username, password, room name or permission level defined": nothing to create or change at all. */
  'NOTHING_DEFINED',
  /** Issue 21: a one-time or recovery code is missing, or not of the expected form. */
  'CODE_REQUIRED',
  'CODE_INVALID',
  /** Turning the authenticator app off needs the password or a code. */
  'PASSWORD_OR_CODE_REQUIRED',
  /** A passkey needs a name (to tell a phone from a laptop). */
  'PASSKEY_NAME_REQUIRED',
  /** Issue 21, API tokens: a name, at least one scope, and an expiry (or never) are required. */
  'TOKEN_NAME_REQUIRED',
  'SCOPE_REQUIRED',
  'EXPIRY_REQUIRED',
  /** Issue 22: an ONVIF address of a camera that is not an http(s) URL with a host and a port from 1 to 65535. */
  'ONVIF_ADDRESS_INVALID',
  /** Issue 21: a camera list of a user names a camera that does not exist (or is not a name). */
  'CAMERA_UNKNOWN',
  /** Admins see every camera: a camera list is not given to a user who is (or becomes) an admin. */
  'CAMERAS_ADMIN_UNLIMITED',
] as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number];
