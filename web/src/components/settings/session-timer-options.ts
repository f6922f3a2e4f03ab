/** Session lengths offered in the account settings, in seconds (the server bounds them too). */
export const SESSION_TIMER_CHOICES = [
  { seconds: 3_600, key: 'settings:account.sessionTimer.1h' },
  { seconds: 14_400, key: 'settings:account.sessionTimer.4h' },
  { seconds: 28_800, key: 'settings:account.sessionTimer.8h' },
  { seconds: 86_400, key: 'settings:account.sessionTimer.24h' },
  { seconds: 604_800, key: 'settings:account.sessionTimer.7d' },
  { seconds: 2_592_000, key: 'settings:account.sessionTimer.30d' },
] as const;
