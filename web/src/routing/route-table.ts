import { matchPath } from 'react-router';
import { hasAnyPermission, type Permission, type SessionUser } from '@homecam/shared';

/**
 * Every screen of spec §2 with its access rule and its chrome, in one table. The router, the navigation
 * guard, the sidebar and the settings menu all read it, so a rule is written once.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'admin' }
  | { kind: 'anyOf'; permissions: readonly Permission[] };

/** full: sidebar, navbar, footer. camview: sidebar and a minified navbar, no footer. none: the page alone. */
export type Chrome = 'none' | 'full' | 'camview';

export interface RouteDef {
  key: RouteKey;
  /** Absolute path in react-router syntax. */
  path: string;
  access: AccessRule;
  chrome: Chrome;
  /** i18n key of the route name: page title, sidebar label, permission toast. */
  titleKey: string;
  /** Where the route sends a visitor who passes its access rule instead of rendering (e.g. /settings). */
  redirectTo?: string;
}

const PUBLIC: AccessRule = { kind: 'public' };
const SIGNED_IN: AccessRule = { kind: 'signedIn' };
const ADMIN: AccessRule = { kind: 'admin' };
const anyOf = (...permissions: Permission[]): AccessRule => ({ kind: 'anyOf', permissions });

const defs = {
  login: { path: '/', access: PUBLIC, chrome: 'none', titleKey: 'routes.login' },
  start: { path: '/start', access: ADMIN, chrome: 'none', titleKey: 'routes.start' },
  /** Issue 21: setting up the second factor the system requires, before anything else. */
  enrol: { path: '/enrol', access: SIGNED_IN, chrome: 'none', titleKey: 'routes.enrol' },
  dashboard: { path: '/dashboard', access: anyOf('dashboard:access'), chrome: 'full', titleKey: 'routes.dashboard' },
  cameras: { path: '/cameras', access: anyOf('cameras:access'), chrome: 'full', titleKey: 'routes.cameras' },
  camera: { path: '/cameras/:name', access: anyOf('cameras:access'), chrome: 'full', titleKey: 'routes.camera' },
  'camera-feed': {
    path: '/cameras/:name/feed',
    access: anyOf('cameras:access'),
    chrome: 'none',
    titleKey: 'routes.cameraFeed',
  },
  recordings: { path: '/recordings', access: anyOf('recordings:access'), chrome: 'full', titleKey: 'routes.recordings' },
  /** Issue 19: the timeline of several cameras, review and exports (recorded footage is recordings:access). */
  history: { path: '/history', access: anyOf('recordings:access'), chrome: 'full', titleKey: 'routes.history' },
  notifications: {
    path: '/notifications',
    access: anyOf('notifications:access'),
    chrome: 'full',
    titleKey: 'routes.notifications',
  },
  camview: { path: '/camview', access: anyOf('camview:access'), chrome: 'camview', titleKey: 'routes.camview' },
  console: { path: '/console', access: ADMIN, chrome: 'full', titleKey: 'routes.console' },
  config: { path: '/config', access: ADMIN, chrome: 'full', titleKey: 'routes.config' },
  utilization: { path: '/utilization', access: ADMIN, chrome: 'full', titleKey: 'routes.utilization' },
  plugins: { path: '/plugins', access: ADMIN, chrome: 'full', titleKey: 'routes.plugins' },
  settings: {
    path: '/settings',
    access: SIGNED_IN,
    chrome: 'full',
    titleKey: 'routes.settings',
    redirectTo: '/settings/account',
  },
  'settings-account': { path: '/settings/account', access: SIGNED_IN, chrome: 'full', titleKey: 'routes.settingsAccount' },
  'settings-appearance': {
    path: '/settings/appearance',
    access: SIGNED_IN,
    chrome: 'full',
    titleKey: 'routes.settingsAppearance',
  },
  'settings-interface': {
    path: '/settings/interface',
    access: anyOf('settings:general:access', 'settings:general:edit'),
    chrome: 'full',
    titleKey: 'routes.settingsInterface',
  },
  'settings-user': { path: '/settings/user', access: ADMIN, chrome: 'full', titleKey: 'routes.settingsUser' },
  'settings-cameras': {
    path: '/settings/cameras',
    access: anyOf('settings:cameras:access', 'settings:cameras:edit'),
    chrome: 'full',
    titleKey: 'routes.settingsCameras',
  },
  'settings-recordings': {
    path: '/settings/recordings',
    access: anyOf('settings:recordings:access', 'settings:recordings:edit'),
    chrome: 'full',
    titleKey: 'routes.settingsRecordings',
  },
  'settings-notifications': {
    path: '/settings/notifications',
    access: anyOf('settings:notifications:access', 'settings:notifications:edit'),
    chrome: 'full',
    titleKey: 'routes.settingsNotifications',
  },
  'settings-rekognition': {
    path: '/settings/rekognition',
    access: ADMIN,
    chrome: 'full',
    titleKey: 'routes.settingsRekognition',
  },
  'settings-backup': {
    path: '/settings/backup',
    access: anyOf('backup:download', 'backup:restore'),
    chrome: 'full',
    titleKey: 'routes.settingsBackup',
  },
  'settings-system': { path: '/settings/system', access: ADMIN, chrome: 'full', titleKey: 'routes.settingsSystem' },
  'not-found': { path: '*', access: PUBLIC, chrome: 'none', titleKey: 'routes.notFound' },
} as const satisfies Record<string, Omit<RouteDef, 'key'>>;

export type RouteKey = keyof typeof defs;

export const ROUTES: { readonly [K in RouteKey]: RouteDef } = Object.fromEntries(
  Object.entries(defs).map(([key, def]) => [key, { key, ...def }]),
) as { [K in RouteKey]: RouteDef };

/** Sidebar groups of spec §2, in display order. */
export const SIDEBAR_MAIN: readonly RouteKey[] = ['dashboard', 'cameras', 'recordings', 'history', 'notifications', 'camview'];
export const SIDEBAR_EXTRAS: readonly RouteKey[] = ['console', 'config', 'utilization', 'plugins'];
export const SIDEBAR_BOTTOM: readonly RouteKey[] = ['settings'];

export const SETTINGS_PAGES: readonly RouteKey[] = [
  'settings-account',
  'settings-appearance',
  'settings-interface',
  'settings-user',
  'settings-cameras',
  'settings-recordings',
  'settings-notifications',
  'settings-rekognition',
  'settings-backup',
  'settings-system',
];

export function canAccess(access: AccessRule, user: Pick<SessionUser, 'permissionLevel'> | null): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return user !== null;
    case 'admin':
      return user !== null && hasAnyPermission(user.permissionLevel, ['admin']);
    case 'anyOf':
      return user !== null && hasAnyPermission(user.permissionLevel, access.permissions);
  }
}

// The catch-all is matched last, whatever its place in the table.
const MATCH_ORDER = Object.values(ROUTES).filter((route) => route.key !== 'not-found');

/** The route a pathname belongs to; unknown paths belong to the 404 page. */
export function findRoute(pathname: string): RouteDef {
  return MATCH_ORDER.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? ROUTES['not-found'];
}
