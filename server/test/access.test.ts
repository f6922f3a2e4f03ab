import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { defineRoutes } from '../src/http/define-routes.js';
import { installAccessControl, listRouteAccess, MissingAccessRuleError } from '../src/http/access/access-control.js';
import { accessDenial, describeAccessRule, type AccessRule } from '../src/http/access/access-rule.js';
import type { AuthContext, AuthService } from '../src/services/auth.service.js';
import { CONTRACT, SESSION_ONLY } from './helpers/access-contract.js';
import { createTestApp } from './helpers/test-app.js';


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
