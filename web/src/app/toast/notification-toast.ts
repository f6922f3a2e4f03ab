import type { Notification, Recording } from '@homecam/shared';
import { notificationMessage } from '../../components/events/format';
import type { ToastExtras, ToastStore } from './toast-store';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The toast of a new notification: its message and a link to the camera's notifications. */
export function notificationToast(notification: Notification, t: Translate): { message: string; extras: ToastExtras } {
  const where = notification.camera ? `${notification.camera}: ` : '';
  const message = `${where}${notificationMessage(notification, t) || notification.title}`;
  const query = notification.camera ? `?cameras=${encodeURIComponent(notification.camera)}` : '';
  return { message, extras: { link: { to: `/notifications${query}`, label: t('events:toast.open') } } };
}

/**
 * Event toasts with their thumbnail. The server announces a notification before the recorder has written
 * the thumbnail (it waits for a keyframe), so the picture is added when the recording reports it ready
 * (`recording` with a thumbnail) — never a request for a file that is not there yet.
 */
export function createEventToasts(toasts: Pick<ToastStore, 'show' | 'amend'>, t: Translate) {
  /** recording id → the toast waiting for its picture. */
  const waiting = new Map<string, number>();
  return {
    notification(notification: Notification) {
      const { message, extras } = notificationToast(notification, t);
      const id = toasts.show('info', message, extras);
      if (notification.recordingId && notification.thumbnail) {
        waiting.clear(); // one toast at a time (spec §9): only the newest can still be amended
        waiting.set(notification.recordingId, id);
      }
    },
    recording(recording: Recording) {
      const id = waiting.get(recording.id);
      if (id === undefined) return;
      waiting.delete(recording.id);
      if (recording.thumbnail) toasts.amend(id, { image: recording.thumbnail });
    },
  };
}
