import type { Notification } from '@homecam/shared';
import { notificationMessage } from '../lib/event-format';
import type { ToastExtras, ToastStore } from '../stores/toast/toast-store';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The toast of a new notification: its message and a link to the camera's notifications. */
export function notificationToast(notification: Notification, t: Translate): { message: string; extras: ToastExtras } {
  const where = notification.camera ? `${notification.camera}: ` : '';
  const message = `${where}${notificationMessage(notification, t) || notification.title}`;
  const query = notification.camera ? `?cameras=${encodeURIComponent(notification.camera)}` : '';
  return { message, extras: { link: { to: `/notifications${query}`, label: t('events:toast.open') } } };
}

/**
 * Event toasts with their thumbnail, shown at once: the server links the thumbnail as the event starts and
 * answers a request for it as soon as the recorder has written it (it waits for a keyframe), so the picture
 * fills in while the toast is up. A picture that never comes is hidden by the toaster.
 */
export function createEventToasts(toasts: Pick<ToastStore, 'show'>, t: Translate) {
  return {
    notification(notification: Notification) {
      const { message, extras } = notificationToast(notification, t);
      toasts.show('info', message, notification.thumbnail ? { ...extras, image: notification.thumbnail } : extras);
    },
  };
}
