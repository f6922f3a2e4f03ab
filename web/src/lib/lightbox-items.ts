import type { Notification, Recording } from '@homecam/shared';
import { formatTime } from './event-format';

/** One clip or picture the lightbox (components/events/Lightbox) shows. */
export interface LightboxItem {
  id: string;
  /** /files URL; the session cookie authorises it, range requests let the video seek. */
  src: string;
  kind: 'video' | 'image';
  title: string;
  subtitle?: string;
}

export function recordingItem(recording: Recording, language: string): LightboxItem {
  return {
    id: recording.id,
    src: recording.file,
    kind: recording.type === 'Video' ? 'video' : 'image',
    title: recording.camera,
    subtitle: `${recording.room} · ${formatTime(recording.startedAt, language)}`,
  };
}

/** A notification without a (readable) recording shows its thumbnail. */
export function notificationItem(notification: Notification, language: string): LightboxItem | null {
  if (!notification.thumbnail) return null;
  return {
    id: notification.id,
    src: notification.thumbnail,
    kind: 'image',
    title: notification.camera ?? notification.title,
    subtitle: formatTime(notification.timestamp, language),
  };
}
