import type { NotificationSettings } from '@homecam/shared';

/** The three sensible choices of `notifications.alertLevels` (WARN without ERROR makes no sense to offer). */
export const ALERT_LEVEL_CHOICES = ['none', 'error', 'warnAndError'] as const;
export type AlertLevelChoice = (typeof ALERT_LEVEL_CHOICES)[number];

type Levels = NotificationSettings['alertLevels'];

export function choiceOf(levels: Levels): AlertLevelChoice {
  if (levels.includes('WARN')) return 'warnAndError';
  return levels.includes('ERROR') ? 'error' : 'none';
}

export function alertLevelsOf(choice: AlertLevelChoice): Levels {
  if (choice === 'warnAndError') return ['WARN', 'ERROR'];
  return choice === 'error' ? ['ERROR'] : [];
}
