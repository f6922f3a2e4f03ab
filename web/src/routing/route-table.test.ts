import { describe, expect, it } from 'vitest';
import type { Permission, SessionUser } from '@homecam/shared';
import { canAccess, findRoute, ROUTES, SETTINGS_PAGES, SIDEBAR_EXTRAS, SIDEBAR_MAIN, type AccessRule } from './route-table';

/** Spec §2, transcribed by hand (plus /history of issue 19): path → access rule and chrome. The table in route-table.ts must match. */
const SPEC: [path: string, access: AccessRule, chrome: 'none' | 'full' | 'camview'][] = [
  ['/', { kind: 'public' }, 'none'],
  ['/start', { kind: 'admin' }, 'none'],
  ['/enrol', { kind: 'signedIn' }, 'none'],
  ['/dashboard', { kind: 'anyOf', permissions: ['dashboard:access'] }, 'full'],
  ['/cameras', { kind: 'anyOf', permissions: ['cameras:access'] }, 'full'],
  ['/cameras/front-door', { kind: 'anyOf', permissions: ['cameras:access'] }, 'full'],
  ['/cameras/front-door/feed', { kind: 'anyOf', permissions: ['cameras:access'] }, 'none'],
  ['/recordings', { kind: 'anyOf', permissions: ['recordings:access'] }, 'full'],
  ['/history', { kind: 'anyOf', permissions: ['recordings:access'] }, 'full'],
  ['/notifications', { kind: 'anyOf', permissions: ['notifications:access'] }, 'full'],
  ['/camview', { kind: 'anyOf', permissions: ['camview:access'] }, 'camview'],
  ['/console', { kind: 'admin' }, 'full'],
  ['/config', { kind: 'admin' }, 'full'],
  ['/utilization', { kind: 'admin' }, 'full'],
  ['/plugins', { kind: 'admin' }, 'full'],
  ['/settings', { kind: 'signedIn' }, 'full'],
  ['/settings/account', { kind: 'signedIn' }, 'full'],
  ['/settings/appearance', { kind: 'signedIn' }, 'full'],
  ['/settings/interface', { kind: 'anyOf', permissions: ['settings:general:access', 'settings:general:edit'] }, 'full'],
  ['/settings/user', { kind: 'admin' }, 'full'],
  ['/settings/cameras', { kind: 'anyOf', permissions: ['settings:cameras:access', 'settings:cameras:edit'] }, 'full'],
  ['/settings/recordings', { kind: 'anyOf', permissions: ['settings:recordings:access', 'settings:recordings:edit'] }, 'full'],
  [
    '/settings/notifications',
    { kind: 'anyOf', permissions: ['settings:notifications:access', 'settings:notifications:edit'] },
    'full',
  ],
  ['/settings/rekognition', { kind: 'admin' }, 'full'],
  ['/settings/backup', { kind: 'anyOf', permissions: ['backup:download', 'backup:restore'] }, 'full'],
  ['/settings/system', { kind: 'admin' }, 'full'],
  ['/no/such/page', { kind: 'public' }, 'none'],
];

const user = (...permissionLevel: Permission[]): SessionUser => ({
  id: 2,
  username: 'u',
  sessionTimer: 3600,
  permissionLevel,
  photo: null,
  mustChangeCredentials: false,
});

describe('route table against spec §2', () => {
  it.each(SPEC)('%s has the access rule and chrome of the spec', (path, access, chrome) => {
    const route = findRoute(path);
    expect(route.access).toEqual(access);
    expect(route.chrome).toBe(chrome);
  });

  it('covers every route of the table exactly once', () => {
    const keys = new Set(SPEC.map(([path]) => findRoute(path).key));
    expect([...keys].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('sends unknown paths, including near misses, to the 404 page', () => {
    expect(findRoute('/cameras/a/b/c').key).toBe('not-found');
    expect(findRoute('/settings/unknown').key).toBe('not-found');
    expect(findRoute('/dashboardx').key).toBe('not-found');
  });

  it('redirects /settings to the account page', () => {
    expect(ROUTES.settings.redirectTo).toBe('/settings/account');
  });

  it('lists the sidebar groups and settings children of the spec', () => {
    expect(SIDEBAR_MAIN).toEqual(['dashboard', 'cameras', 'recordings', 'history', 'notifications', 'camview']);
    expect(SIDEBAR_EXTRAS).toEqual(['console', 'config', 'utilization', 'plugins']);
    expect(SETTINGS_PAGES.map((key) => ROUTES[key].path)).toEqual(
      ['account', 'appearance', 'interface', 'user', 'cameras', 'recordings', 'notifications', 'rekognition', 'backup', 'system'].map(
        (child) => `/settings/${child}`,
      ),
    );
  });
});

describe('canAccess', () => {
  it('opens public routes to everyone and signed-in routes to any user', () => {
    expect(canAccess({ kind: 'public' }, null)).toBe(true);
    expect(canAccess({ kind: 'signedIn' }, null)).toBe(false);
    expect(canAccess({ kind: 'signedIn' }, user('cameras:access'))).toBe(true);
  });

  it('needs any one of the listed permissions (spec §5)', () => {
    const rule = ROUTES['settings-cameras'].access;
    expect(canAccess(rule, user('settings:cameras:edit'))).toBe(true);
    expect(canAccess(rule, user('settings:cameras:access'))).toBe(true);
    expect(canAccess(rule, user('cameras:access'))).toBe(false);
  });

  it('keeps admin routes for admins, and lets admin pass everything', () => {
    expect(canAccess({ kind: 'admin' }, user('cameras:access', 'backup:restore'))).toBe(false);
    for (const route of Object.values(ROUTES)) expect(canAccess(route.access, user('admin'))).toBe(true);
  });
});
