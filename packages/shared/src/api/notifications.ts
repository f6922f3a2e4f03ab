import { z } from 'zod';

export const NOTIFICATION_TYPES = ['motion', 'doorbell', 'custom', 'WARN', 'ERROR'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The text the server writes into a camera event's notification. Stored in English; the web app and pushes
 * show it in the reader's language (a different message, e.g. a plugin's, is shown as written).
 */
export const CAMERA_EVENT_MESSAGES = { motion: 'Motion detected', doorbell: 'Doorbell' } as const;
export type CameraEventKind = keyof typeof CAMERA_EVENT_MESSAGES;

/** Which camera event's default text a notification carries, or null when its message is its own. */
export function defaultEventMessage(notification: { level: string; type: string; message: string }): CameraEventKind | null {
  if (notification.level !== 'event') return null;
  const kind = notification.type;
  return (kind === 'motion' || kind === 'doorbell') && CAMERA_EVENT_MESSAGES[kind] === notification.message ? kind : null;
}

/** One notification (GET /api/notifications[/:id], socket.io `notification`). */
export const notificationSchema = z.object({
  id: z.string(),
  camera: z.string().nullable(),
  room: z.string().nullable(),
  type: z.enum(NOTIFICATION_TYPES),
  /** 'event' for camera events, else the system level. */
  level: z.enum(['event', 'WARN', 'ERROR']),
  title: z.string(),
  message: z.string(),
  label: z.string().nullable(),
  /** Image analysis labels above the camera's confidence, best first (`label` is the first); absent when none. */
  labels: z.array(z.string()).optional(),
  /** Trigger source of a camera event (motion, http, mqtt, smtp, ftp, api). */
  trigger: z.string().nullable(),
  /** The recording made for this event, if any. */
  recordingId: z.string().nullable(),
  /** `/files/recordings/<file>` of the thumbnail, if any. */
  thumbnail: z.string().nullable(),
  timestamp: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ result: z.array(notificationSchema), nextCursor: z.string().nullable() });
export type NotificationList = z.infer<typeof notificationListSchema>;
