import { defaultEventMessage } from '@homecam/shared';

/** Date and time in the UI language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** `12 s`, `1:05` style duration. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}:${String(seconds % 60).padStart(2, '0')}` : `${seconds} s`;
}

/** `264 KB`, `1.5 MB`, `77.51 GB`; with a language, its decimal separator (`77,51 GB` in German). */
export function formatSize(bytes: number, language?: string): string {
  const number = (value: number, digits: number) =>
    language
      ? value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits })
      : value.toFixed(digits);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${number(bytes / 1024, 0)} KB`;
  if (bytes < 1024 ** 3) return `${number(bytes / 1024 ** 2, 1)} MB`;
  return `${number(bytes / 1024 ** 3, 2)} GB`;
}

/**
 * A notification's message in the UI language: the server stores a camera event's default text in English
 * ('Motion detected'), which is translated here; any other message (a mail subject, a plugin's text, a
 * system warning) is shown as written.
 */
export function notificationMessage(
  notification: { level: string; type: string; message: string },
  t: (key: string) => string,
): string {
  const kind = defaultEventMessage(notification);
  return kind ? t(`events:messages.${kind}`) : notification.message;
}
