import type { Notification, Recording } from '@homecam/shared';
import type { LightboxItem } from './Lightbox';
import { formatTime } from './format';

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
