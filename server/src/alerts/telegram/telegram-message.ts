import { trimCharEnd, type Notification } from '@homecam/shared';

/** Default texts when no template is set (English, as the server stores its notification texts). */
const DEFAULT_TEMPLATES: Record<string, string> = { motion: 'Motion detected: @', doorbell: 'Doorbell: @' };

/** Telegram caps a caption at 1024 characters (a message at 4096); the template alone is ≤ ALERT_MESSAGE_MAX. */
export const CAPTION_MAX = 1024;

/**
 * The text of an alert: the configured template (`@` = camera name) or the default for the event, with the
 * notification's labels appended when analysis found some.
 */
export function alertText(template: string | undefined, notification: Notification, cameraName: string): string {
  const chosen = template?.trim() ? template : (DEFAULT_TEMPLATES[notification.type] ?? `${notification.message}: @`);
  const text = chosen.replaceAll('@', cameraName);
  const labels = notification.label?.trim();
  return labels ? `${text} (${labels})` : text;
}

export function caption(text: string): string {
  return text.length > CAPTION_MAX ? `${text.slice(0, CAPTION_MAX - 1)}…` : text;
}

/** Said instead of the clip when it cannot be uploaded: its size, and where to watch it if HomeCam is reachable. */
export function clipTooLargeNote(bytes: number, publicUrl: string | undefined): string {
  const note = `The clip (${Math.round(bytes / (1024 * 1024))} MB) is too large for Telegram.`;
  // The notifications page lists the event with its recording.
  return publicUrl ? `${note} Watch it in HomeCam: ${trimCharEnd(publicUrl, '/')}/notifications` : note;
}
