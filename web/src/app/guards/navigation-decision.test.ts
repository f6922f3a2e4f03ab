import { describe, expect, it } from 'vitest';
import type { Permission, SessionUser } from '@homecam/shared';
import { findRoute } from '../../routing/route-table';
import { decideNavigation } from './navigation-decision';

const user = (permissionLevel: Permission[], mustChangeCredentials = false): SessionUser => ({
  id: 3,
  username: 'bob',
  sessionTimer: 3600,
  permissionLevel,
  photo: null,
  mustChangeCredentials,
});

const decide = (path: string, who: SessionUser | null, lastPage: string | null = null) =>
  decideNavigation(findRoute(path), who, lastPage);

describe('navigation guard decision', () => {
  it('sends visitors without a session to the login from every protected route', () => {
    for (const path of ['/dashboard', '/start', '/cameras/x/feed', '/settings', '/settings/account', '/console']) {
      expect(decide(path, null)).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('holds a user who owes a required second factor on /enrol, and sends everyone else away from it (issue 21)', () => {
    const due = { ...user(['admin']), secondFactorEnrolmentDue: true };
    for (const path of ['/dashboard', '/settings/account', '/settings/system', '/console', '/']) {
      expect(decide(path, due)).toEqual({ kind: 'redirect', to: '/enrol' });
    }
    expect(decide('/enrol', due)).toEqual({ kind: 'allow' });
    expect(decide('/enrol', user(['dashboard:access']))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('lets anyone see the login and the 404 page', () => {
    expect(decide('/', null)).toEqual({ kind: 'allow' });
    expect(decide('/missing', null)).toEqual({ kind: 'allow' });
    expect(decide('/missing', user(['cameras:access']))).toEqual({ kind: 'allow' });
  });

  it('moves a signed-in user away from the login page to the landing page', () => {
    expect(decide('/', user(['admin']))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide('/', user(['admin']), '/recordings')).toEqual({ kind: 'redirect', to: '/recordings' });
  });

  it('denies a route without its permission: toast with the route name, then the account page', () => {
    expect(decide('/recordings', user(['cameras:access']))).toEqual({
      kind: 'deny',
      to: '/settings/account',
      routeKey: 'recordings',
      titleKey: 'routes.recordings',
    });
    expect(decide('/settings/user', user(['cameras:access']))).toMatchObject({ kind: 'deny', routeKey: 'settings-user' });
    expect(decide('/start', user(['cameras:access']))).toMatchObject({ kind: 'deny', routeKey: 'start' });
  });

  it('allows a route when any one of its permissions is held (spec §5)', () => {
    expect(decide('/settings/backup', user(['backup:restore']))).toEqual({ kind: 'allow' });
    expect(decide('/cameras/garden', user(['cameras:access']))).toEqual({ kind: 'allow' });
  });

  it('opens account and appearance settings to every signed-in user', () => {
    expect(decide('/settings/account', user(['camview:access']))).toEqual({ kind: 'allow' });
    expect(decide('/settings/appearance', user(['camview:access']))).toEqual({ kind: 'allow' });
  });

  it('redirects /settings to /settings/account', () => {
    expect(decide('/settings', user(['camview:access']))).toEqual({ kind: 'redirect', to: '/settings/account' });
  });

  it('sends an account that must change its credentials to /start from everywhere, without a loop', () => {
    const firstStart = user(['admin'], true);
    for (const path of ['/dashboard', '/settings/account', '/settings']) {
      expect(decide(path, firstStart)).toEqual({ kind: 'redirect', to: '/start' });
    }
    expect(decide('/start', firstStart)).toEqual({ kind: 'allow' });
    expect(decide('/', firstStart)).toEqual({ kind: 'redirect', to: '/start' });
  });
});
