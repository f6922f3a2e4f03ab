import { DEFAULT_LANGUAGE, type Language, type Notification } from '@homecam/shared';

/**
 * The texts the server writes into camera events (notification.service: 'Motion detected', 'Doorbell'), in the
 * six UI languages, so a push says what the app says. Copied from web/src/i18n/locales/<language>/events.json
 * (messages.motion, messages.doorbell): change both together.
 */
export const PUSH_MESSAGES: Record<'motion' | 'doorbell', Record<Language, string>> = {
  motion: {
    en: 'Motion detected',
    de: 'Bewegung erkannt',
    nl: 'Beweging gedetecteerd',
    fr: 'Mouvement détecté',
    th: 'ตรวจพบการเคลื่อนไหว',
    es: 'Movimiento detectado',
  },
  doorbell: {
    en: 'Doorbell',
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
  if (notification.level !== 'event' || (notification.type !== 'motion' && notification.type !== 'doorbell')) return notification.message;
  const texts = PUSH_MESSAGES[notification.type];
  return texts.en === notification.message ? texts[language ?? DEFAULT_LANGUAGE] : notification.message;
}
