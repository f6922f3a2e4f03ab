import { CAMERA_EVENT_MESSAGES, DEFAULT_LANGUAGE, defaultEventMessage, type CameraEventKind, type Language, type Notification } from '@homecam/shared';

/**
 * The texts the server writes into camera events (CAMERA_EVENT_MESSAGES), in the six UI languages, so a push says what the app says. Copied from web/src/i18n/locales/<language>/events.json
 * (messages.motion, messages.doorbell): change both together.
 */
export const PUSH_MESSAGES: Record<CameraEventKind, Record<Language, string>> = {
  motion: {
    en: CAMERA_EVENT_MESSAGES.motion,
    de: 'Bewegung erkannt',
    nl: 'Beweging gedetecteerd',
    fr: 'Mouvement détecté',
    th: 'ตรวจพบการเคลื่อนไหว',
    es: 'Movimiento detectado',
  },
  doorbell: {
    en: CAMERA_EVENT_MESSAGES.doorbell,
    de: 'Türklingel',
    nl: 'Deurbel',
    fr: 'Sonnette',
    th: 'กริ่งประตู',
    es: 'Timbre',
  },
};

/**
 * A notification's message in the recipient's language, as the app's notificationMessage does it: a camera
 * event's default English text is translated; any other message (a plugin's text, a system warning) stays as
 * written. No language: English.
 */
export function pushMessage(notification: Pick<Notification, 'level' | 'type' | 'message'>, language: Language | null): string {
  const kind = defaultEventMessage(notification);
  return kind ? PUSH_MESSAGES[kind][language ?? DEFAULT_LANGUAGE] : notification.message;
}
