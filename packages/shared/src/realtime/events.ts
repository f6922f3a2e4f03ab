import type { CameraStatus } from '../api/cameras.js';
import type { LogEntry } from '../api/logs.js';
import type { MetricsUpdate } from '../api/metrics.js';
import type { Notification } from '../api/notifications.js';
import type { OnvifEventStatus } from '../api/onvif-events.js';
import type { Recording } from '../api/recordings.js';
import type { ExportJob } from '../api/timeline.js';

/**
 * The socket.io event map of spec §7, defined once for server and web.
 * Payload shapes not shown by the spec are ours; later issues widen `NotificationPayload`.
 */
export type NotificationPayload = Notification;

export interface ServerToClientEvents {
  /** A new notification to show as a toast and add to lists. */
  notification: (payload: NotificationPayload) => void;
  /** Raise the badge counter by one. */
  increaseNotification: () => void;
  /** Set the badge counter. */
  notificationSize: (size: number) => void;
  /** A notification was removed; `id` is null when all were removed (the counter becomes 0). */
  removeNotification: (id: string | null) => void;
  /** The server ended this socket's session (sign-out elsewhere, expiry); the client logs out. */
  sessionEnded: () => void;
  /** A camera stream changed state (to users with cameras:access or admin); GET /api/cameras/:name/status has the same shape. */
  cameraState: (status: CameraStatus) => void;
  /** A recording finished (to users with recordings:access or admin). */
  recording: (recording: Recording) => void;
  /** Recordings were removed (retention or delete); `null` = all. */
  removeRecording: (id: string | null) => void;
  /** New server log entries (admins only), collected over at most 100 ms so a burst is one message. */
  logMessage: (entries: LogEntry[]) => void;
  /** A new utilization sample and the camera table (admins only, every METRICS_INTERVAL_MS). */
  metrics: (update: MetricsUpdate) => void;
  /** An export of the caller's changed (queued, progress, done, failed); to its owner while they have recordings:access. */
  exportProgress: (job: ExportJob) => void;
  /**
   * Issue 22: a camera's ONVIF event subscription changed (state, problem, last event); the same shape as
   * GET /api/cameras/:name/onvif-events. To users with camera settings access (or admin) who may see the camera.
   */
  onvifEventStatus: (status: OnvifEventStatus) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- later issues add commands (join stream, ...)
export interface ClientToServerEvents {}

/** What the client sends in `io(url, { auth })`. */
export interface SocketHandshakeAuth {
  token: string;
}
