/** Business constants of spec §9, shared so server, web and tests agree. */
export const APP_VERSION = '1.1.17';

export const LANGUAGES = ['en', 'de', 'nl', 'fr', 'th', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_COLORS = ['blue', 'blgray', 'brown', 'green', 'gray', 'orange', 'pink', 'purple'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const DEFAULT_THEME: ThemeMode = 'dark';
export const DEFAULT_THEME_COLOR: ThemeColor = 'pink';

/** Local storage keys of spec §3. */
export const STORAGE_KEYS = {
  user: 'user',
  userImg: 'userImg',
  lastPage: 'lastPage',
  language: 'language',
  theme: 'theme',
  themeColor: 'theme-color',
  darkmode: 'darkmode',
  dashboardLayout: 'dashboard-layout',
  camviewLayouts: 'camview-layouts',
} as const;

/** UI timings of spec §9, in milliseconds unless named otherwise. */
export const UI_TIMINGS = {
  loaderDelayMs: 2250,
  scrollTopThresholdPx: 20,
  sidebarContentDelayMs: 200,
  scrollAnimationMs: 250,
  logoutRedirectDelayMs: 200,
  chunkLoadTimeoutMs: 120_000,
  socketReconnectDelayMs: 500,
} as const;

export const NOTIFICATION_BADGE_CAP = 99;

/** How long a push service keeps a message for a device that is offline: an event a day old is no news. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/** Session defaults: 4 h like the original; bounds keep a typo from making a session eternal. */
export const SESSION_TIMER_DEFAULT_S = 14_400;
export const SESSION_TIMER_MIN_S = 300;
export const SESSION_TIMER_MAX_S = 31_536_000;
/** The longest session a non-admin may give itself (the account page's longest choice); admins set up to the max. */
export const SESSION_TIMER_SELF_MAX_S = 2_592_000;

export const DEFAULT_ADMIN = { username: 'master', password: 'master' } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]{1,32}$/u;

/** Profile photos: accepted types and size. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
