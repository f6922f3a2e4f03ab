import { z } from 'zod';

export const NOTIFICATION_TYPES = ['motion', 'doorbell', 'custom', 'WARN', 'ERROR'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
