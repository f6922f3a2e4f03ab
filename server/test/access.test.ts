import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { defineRoutes } from '../src/http/define-routes.js';
import { installAccessControl, listRouteAccess, MissingAccessRuleError } from '../src/http/access/access-control.js';
import { accessDenial, describeAccessRule, type AccessRule } from '../src/http/access/access-rule.js';
import type { AuthContext, AuthService } from '../src/services/auth.service.js';
import { createTestApp } from './helpers/test-app.js';

/** docs/api-contract.md, row by row (plus the web app's catch-all). A route missing here fails the test. */
const CONTRACT: [method: string, url: string, access: string][] = [
  ['POST', '/api/auth/login', 'public'],
  ['GET', '/api/auth/check', 'signedIn'],
  ['POST', '/api/auth/logout', 'public'],
  ['GET', '/api/users', 'admin'],
  ['POST', '/api/users', 'admin'],
  ['GET', '/api/users/:id', 'selfOrAdmin'],
  ['PATCH', '/api/users/:id', 'selfOrAdmin'],
  ['DELETE', '/api/users/:id', 'admin'],
  ['PUT', '/api/users/:id/photo', 'selfOrAdmin'],
  ['DELETE', '/api/users/:id/photo', 'selfOrAdmin'],
  ['GET', '/files/:name', 'signedIn'],
  ['GET', '/api/config/ui', 'public'],
  ['GET', '/api/config', 'admin'],
  ['PATCH', '/api/config', 'admin'],
  ['PUT', '/api/config', 'admin'],
  ['GET', '/api/config/:section', 'admin'],
  ['PATCH', '/api/config/:section', 'admin'],
  ['GET', '/api/config/download', 'admin'],
  ['GET', '/api/config/stat', 'admin'],
  ['GET', '/api/health', 'public'],
  ['GET', '/*', 'public'],
  // docs/api-contract-cameras.md
  ['GET', '/api/cameras', 'anyOf(cameras:access, settings:cameras:access, settings:cameras:edit)'],
  ['POST', '/api/cameras', 'anyOf(settings:cameras:edit)'],
  ['POST', '/api/cameras/demo', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/cameras/:name', 'anyOf(cameras:access, settings:cameras:access, settings:cameras:edit)'],
  ['PATCH', '/api/cameras/:name', 'anyOf(settings:cameras:edit)'],
  ['DELETE', '/api/cameras/:name', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/cameras/:name/status', 'anyOf(cameras:access)'],
  ['GET', '/api/cameras/:name/snapshot', 'anyOf(cameras:access)'],
  ['GET', '/api/cameras/:name/live', 'anyOf(cameras:access)'],
  ['GET', '/api/cameras/:name/talk', 'anyOf(cameras:access)'],
  // Issue 22: ONVIF: finding cameras, PTZ, the camera's own events (README, server/src/onvif*)
  ['POST', '/api/onvif/discovery', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/onvif/discovery', 'anyOf(settings:cameras:edit)'],
  ['POST', '/api/onvif/inspect', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/cameras/:name/ptz', 'anyOf(cameras:access)'],
  ['POST', '/api/cameras/:name/ptz/move', 'anyOf(cameras:access)'],
  ['POST', '/api/cameras/:name/ptz/stop', 'anyOf(cameras:access)'],
  ['POST', '/api/cameras/:name/ptz/home', 'anyOf(cameras:access)'],
  ['POST', '/api/cameras/:name/ptz/presets/:token/goto', 'anyOf(cameras:access)'],
  ['POST', '/api/cameras/:name/ptz/presets', 'anyOf(settings:cameras:edit)'],
  ['DELETE', '/api/cameras/:name/ptz/presets/:token', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/cameras/:name/onvif-events', 'anyOf(settings:cameras:access, settings:cameras:edit)'],
  ['GET', '/api/rooms', 'anyOf(settings:general:access, settings:general:edit, cameras:access)'],
  ['POST', '/api/rooms', 'anyOf(settings:general:edit)'],
  ['PATCH', '/api/rooms/:name', 'anyOf(settings:general:edit)'],
  ['DELETE', '/api/rooms/:name', 'anyOf(settings:general:edit)'],
  // docs/api-contract-events.md
  ['PUT', '/api/cameras/:name/motion/start', 'anyOf(settings:cameras:edit)'],
  ['PUT', '/api/cameras/:name/motion/reset', 'anyOf(settings:cameras:edit)'],
  ['PUT', '/api/cameras/:name/doorbell', 'anyOf(settings:cameras:edit)'],
  ['GET', '/api/system/triggers', 'admin'],
  ['PUT', '/api/system/triggers/:name/start', 'admin'],
  ['PUT', '/api/system/triggers/:name/stop', 'admin'],
  ['PUT', '/api/system/triggers/:name/restart', 'admin'],
  ['GET', '/api/notifications', 'anyOf(notifications:access)'],
  ['GET', '/api/notifications/:id', 'anyOf(notifications:access)'],
  ['DELETE', '/api/notifications', 'anyOf(settings:notifications:edit)'],
  ['DELETE', '/api/notifications/:id', 'anyOf(settings:notifications:edit)'],
  ['GET', '/api/recordings', 'anyOf(recordings:access)'],
  ['GET', '/api/recordings/:id', 'anyOf(recordings:access)'],
  ['DELETE', '/api/recordings', 'anyOf(settings:recordings:edit)'],
  ['DELETE', '/api/recordings/:id', 'anyOf(settings:recordings:edit)'],
  ['GET', '/files/recordings/:camera/:date/:file', 'anyOf(recordings:access)'],
  ['GET', '/api/settings/recordings', 'anyOf(settings:recordings:access, settings:recordings:edit)'],
  ['PATCH', '/api/settings/recordings', 'anyOf(settings:recordings:edit)'],
  ['GET', '/api/settings/notifications', 'anyOf(settings:notifications:access, settings:notifications:edit)'],
  ['PATCH', '/api/settings/notifications', 'anyOf(settings:notifications:edit)'],
  // docs/api-contract-push.md
  ['GET', '/api/subscribe', 'anyOf(recordings:access)'],
  ['POST', '/api/subscribe', 'anyOf(recordings:access)'],
  ['DELETE', '/api/subscribe', 'anyOf(recordings:access)'],
  // docs/api-contract-admin.md
  ['GET', '/api/dashboard/layout', 'anyOf(dashboard:access)'],
  ['PUT', '/api/dashboard/layout', 'anyOf(dashboard:access)'],
  ['GET', '/api/dashboard/weather', 'anyOf(dashboard:access)'],
  ['GET', '/api/dashboard/weather/places', 'anyOf(dashboard:access)'],
  ['GET', '/api/dashboard/feed', 'anyOf(dashboard:access)'],
  ['GET', '/api/system/status', 'anyOf(dashboard:access)'],
  ['GET', '/api/system/disk', 'anyOf(dashboard:access)'],
  ['GET', '/api/system/info', 'admin'],
  ['POST', '/api/system/restart', 'admin'],
  ['GET', '/api/settings/at-home', 'anyOf(settings:general:access, settings:general:edit)'],
  ['PATCH', '/api/settings/at-home', 'anyOf(settings:general:edit)'],
  ['GET', '/api/system/log', 'admin'],
  ['GET', '/api/system/log/download', 'admin'],
  ['GET', '/api/system/metrics', 'admin'],
  ['GET', '/api/plugins', 'admin'],
  ['POST', '/api/plugins/:id/start', 'admin'],
  ['POST', '/api/plugins/:id/stop', 'admin'],
  ['POST', '/api/plugins/:id/restart', 'admin'],
  ['GET', '/api/settings/rekognition', 'admin'],
  ['PATCH', '/api/settings/rekognition', 'admin'],
  ['GET', '/api/backup/download', 'anyOf(backup:download)'],
  ['POST', '/api/backup/restore', 'anyOf(backup:restore)'],
  ['GET', '/api/backup/automatic', 'anyOf(backup:download)'],
  ['GET', '/api/backup/automatic/:name', 'anyOf(backup:download)'],
  // docs/api-contract-alerts.md
  ['GET', '/api/alerts/status', 'anyOf(settings:notifications:access, settings:notifications:edit)'],
  ['POST', '/api/alerts/:channel/test', 'anyOf(settings:notifications:edit)'],
  ...(['telegram', 'webhook', 'alexa', 'mqtt'] as const).flatMap((channel): [string, string, string][] => [
    ['GET', `/api/settings/notifications/${channel}`, 'anyOf(settings:notifications:access, settings:notifications:edit)'],
    ['PATCH', `/api/settings/notifications/${channel}`, 'anyOf(settings:notifications:edit)'],
  ]),
  ['POST', '/api/settings/notifications/webhook/rotate-secret', 'admin'],
  // docs/api-contract-continuous.md
  ['GET', '/api/cameras/:name/recording/playlist.m3u8', 'anyOf(recordings:access)'],
  ['GET', '/api/cameras/:name/recording/preview', 'anyOf(recordings:access)'],
  ['GET', '/api/recordings/segments/:id', 'anyOf(recordings:access)'],
  ['GET', '/api/timeline', 'anyOf(recordings:access)'],
  ['GET', '/api/review', 'anyOf(recordings:access)'],
  ['PUT', '/api/review/:id/reviewed', 'anyOf(recordings:access)'],
  ['DELETE', '/api/review/:id/reviewed', 'anyOf(recordings:access)'],
  ['POST', '/api/review/reviewed', 'anyOf(recordings:access)'],
  ['POST', '/api/exports', 'anyOf(recordings:access)'],
  ['GET', '/api/exports', 'anyOf(recordings:access)'],
  ['GET', '/api/exports/:id', 'anyOf(recordings:access)'],
  ['PATCH', '/api/exports/:id', 'anyOf(recordings:access)'],
  ['DELETE', '/api/exports/:id', 'anyOf(recordings:access)'],
  ['GET', '/api/exports/:id/download', 'anyOf(recordings:access)'],
  ['GET', '/api/settings/recordings/continuous', 'anyOf(settings:recordings:access, settings:recordings:edit)'],
  ['PATCH', '/api/settings/recordings/continuous', 'anyOf(settings:recordings:edit)'],
  // docs/api-contract-homekit.md
  ['GET', '/api/homekit', 'admin'],
  ['PATCH', '/api/homekit', 'admin'],
  ['POST', '/api/homekit/reset', 'admin'],
  // docs/api-contract-second-factor.md
  ['POST', '/api/auth/second-factor', 'public'],
  ['GET', '/api/account/second-factor', 'signedIn'],
  ['POST', '/api/account/second-factor/totp', 'signedIn'],
  ['POST', '/api/account/second-factor/totp/confirm', 'signedIn'],
  ['POST', '/api/account/second-factor/totp/disable', 'signedIn'],
  ['DELETE', '/api/users/:id/second-factor', 'admin'],
  ['GET', '/api/settings/second-factor', 'admin'],
  ['PUT', '/api/settings/second-factor', 'admin'],
  // docs/api-contract-passkeys.md
  ['POST', '/api/auth/passkey/options', 'public'],
  ['POST', '/api/auth/second-factor/passkey/options', 'public'],
  ['POST', '/api/auth/passkey', 'public'],
  ['GET', '/api/account/passkeys', 'signedIn'],
  ['POST', '/api/account/passkeys/registration', 'signedIn'],
  ['POST', '/api/account/passkeys', 'signedIn'],
  ['PATCH', '/api/account/passkeys/:id', 'signedIn'],
  ['POST', '/api/account/passkeys/:id/remove', 'signedIn'],
  // docs/api-contract-access.md
  ['GET', '/api/users/:id/sessions', 'selfOrAdmin'],
  ['DELETE', '/api/users/:id/sessions', 'selfOrAdmin'],
  ['DELETE', '/api/users/:id/sessions/:sessionId', 'selfOrAdmin'],
  ['POST', '/api/account/tokens', 'signedIn'],
  ['GET', '/api/users/:id/tokens', 'selfOrAdmin'],
  ['DELETE', '/api/users/:id/tokens/:tokenId', 'selfOrAdmin'],
];

/** Issue 21: the routes an API token is refused on whatever its scopes (docs/api-contract-access.md). */
const SESSION_ONLY = [
  'DELETE /api/subscribe',
  'DELETE /api/users/:id',
  'DELETE /api/users/:id/photo',
  'DELETE /api/users/:id/second-factor',
  'DELETE /api/users/:id/sessions',
  'DELETE /api/users/:id/sessions/:sessionId',
  'DELETE /api/users/:id/tokens/:tokenId',
  'GET /api/account/passkeys',
  'GET /api/account/second-factor',
  'GET /api/settings/second-factor',
  'GET /api/subscribe',
  'GET /api/users/:id/sessions',
  'GET /api/users/:id/tokens',
  'PATCH /api/account/passkeys/:id',
  'PATCH /api/users/:id',
  'POST /api/account/passkeys',
  'POST /api/account/passkeys/:id/remove',
  'POST /api/account/passkeys/registration',
  'POST /api/account/second-factor/totp',
  'POST /api/account/second-factor/totp/confirm',
  'POST /api/account/second-factor/totp/disable',
  'POST /api/account/tokens',
  'POST /api/subscribe',
  'POST /api/users',
  'PUT /api/settings/second-factor',
  'PUT /api/users/:id/photo',
];

let app: HomecamApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('route access declarations', () => {
  it('every registered route has an access rule, and the contract rows match exactly', () => {
    const routes = listRouteAccess(app);
    expect(routes.length).toBeGreaterThan(CONTRACT.length);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const declared = routes
      .filter((route) => !route.internal && route.method !== 'HEAD')
      .map((route) => [route.method, route.url, describeAccessRule(route.access)]);
    expect(new Set(declared.map((r) => r.join(' ')))).toEqual(new Set(CONTRACT.map((r) => r.join(' '))));
  });

  it('API tokens are refused exactly on the account, device, token, second-factor and push routes (issue 21)', () => {
    const sessionOnly = listRouteAccess(app)
      .filter((route) => route.sessionOnly && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(sessionOnly).toEqual([...SESSION_ONLY].sort());
  });

  it('only the OpenAPI UI is whitelisted as internal', () => {
    const internal = listRouteAccess(app).filter((route) => route.internal);
    expect(internal.length).toBeGreaterThan(0);
    for (const route of internal) expect(route.url).toMatch(/^\/api\/docs(\/|$)/);
  });

  it('lets the forced credential change reach only check, logout and PATCH users/:id', () => {
    const allowed = listRouteAccess(app)
      .filter((route) => route.allowDuringCredentialChange && route.access !== 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(allowed.sort()).toEqual(['GET /api/auth/check', 'HEAD /api/auth/check', 'PATCH /api/users/:id']);
  });

  it('fails start-up when a route declares no access rule', async () => {
    const bare = fastify();
    installAccessControl(bare, {} as AuthService);
    // Routes live in plugins, so the error surfaces when the app starts.
    void bare.register(
      defineRoutes((instance) => {
        instance.get('/api/forgotten', () => 'oops');
      }),
    );
    await expect(bare.ready()).rejects.toThrow(new MissingAccessRuleError('route GET /api/forgotten declares no config.access'));
    // Declared directly on the root it throws at once.
    const root = fastify();
    installAccessControl(root, {} as AuthService);
    expect(() => root.get('/api/forgotten', () => 'oops')).toThrow(MissingAccessRuleError);
  });

  it('accepts a declared route', async () => {
    const bare = fastify();
    installAccessControl(bare, {} as AuthService);
    bare.get('/api/declared', { config: { access: 'public' } }, () => 'ok');
    await bare.ready();
    expect(listRouteAccess(bare).map((r) => `${r.method} ${r.url} ${describeAccessRule(r.access)}`)).toEqual([
      'GET /api/declared public',
      'HEAD /api/declared public',
    ]);
    await bare.close();
  });
});

describe('accessDenial', () => {
  const auth = (permissions: AuthContext['user']['permissions'], mustChangeCredentials = false): AuthContext => ({
    sessionId: 's',
    expiresAt: '2100-01-01T00:00:00.000Z',
    user: { id: 7, username: 'u', passwordHash: 'h', permissions, sessionTimer: 300, photo: null, mustChangeCredentials, cameras: null, createdAt: '' },
    secondFactorEnrolmentDue: false,
  });
  const decide = (rule: AccessRule, a: AuthContext, targetUserId?: string, allowDuringCredentialChange = false) =>
    accessDenial({ rule, auth: a, targetUserId, allowDuringCredentialChange });

  it('applies anyOf with admin passing everything', () => {
    const rule = { anyOf: ['settings:cameras:access', 'settings:cameras:edit'] } as const;
    expect(decide(rule, auth(['settings:cameras:edit']))).toBeNull();
    expect(decide(rule, auth(['cameras:access']))).toBe('FORBIDDEN');
    expect(decide(rule, auth(['admin']))).toBeNull();
  });

  it('while a required second factor is not set up, only the enrolment is open, even to an admin (issue 21)', () => {
    const due = { ...auth(['admin']), secondFactorEnrolmentDue: true };
    expect(decide('signedIn', due)).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect(decide('admin', due)).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect(accessDenial({ rule: 'signedIn', auth: due, targetUserId: undefined, allowDuringCredentialChange: false, allowDuringSecondFactorEnrolment: true })).toBeNull();
    expect(decide('admin', auth(['admin']))).toBeNull();
  });

  it('applies selfOrAdmin by the :id parameter', () => {
    expect(decide('selfOrAdmin', auth(['dashboard:access']), '7')).toBeNull();
    expect(decide('selfOrAdmin', auth(['dashboard:access']), '8')).toBe('FORBIDDEN');
    expect(decide('selfOrAdmin', auth(['dashboard:access']), '07')).toBe('FORBIDDEN');
    expect(decide('selfOrAdmin', auth(['admin']), '8')).toBeNull();
  });

  it('holds a user owing the credential change to the allowed routes, and there to its own id', () => {
    const owing = auth(['admin'], true);
    expect(decide('signedIn', owing)).toBe('CREDENTIALS_CHANGE_REQUIRED');
    expect(decide('admin', owing)).toBe('CREDENTIALS_CHANGE_REQUIRED');
    expect(decide('signedIn', owing, undefined, true)).toBeNull();
    expect(decide('selfOrAdmin', owing, '7', true)).toBeNull();
    expect(decide('selfOrAdmin', owing, '8', true)).toBe('CREDENTIALS_CHANGE_REQUIRED');
    expect(decide('public', owing)).toBeNull();
  });
});
