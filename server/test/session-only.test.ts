import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastify, { type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { installAccessControl, listRouteAccess, type RouteAccessEntry } from '../src/http/access/access-control.js';
import { defineRoutes } from '../src/http/define-routes.js';
import type { AuthService } from '../src/services/auth.service.js';
import { SESSION_ONLY_FOLDERS, SESSION_ONLY_URL_FAMILIES, TOKEN_READABLE_IN_FAMILIES } from './helpers/access-contract.js';
import { createTestApp } from './helpers/test-app.js';

/**
 * Issue 21: API tokens are refused on the routes that say `config.sessionOnly: true`, and on no URL pattern. This
 * keeps the old prefix list's "safe by default": a route of an account, session, token, second-factor, user or
 * push family that forgets the flag is named here.
 */
function missingSessionOnly(routes: RouteAccessEntry[], inFamily: (route: RouteAccessEntry) => boolean): string[] {
  return routes
    .filter((route) => inFamily(route) && route.access !== 'public' && !route.sessionOnly)
    .map((route) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`)
    .filter((route) => !TOKEN_READABLE_IN_FAMILIES.includes(route));
}

function underFamilyUrl(route: RouteAccessEntry): boolean {
  return SESSION_ONLY_URL_FAMILIES.some((family) => route.url === family || route.url.startsWith(family.endsWith('/') ? family : `${family}/`));
}

const SRC = join(import.meta.dirname, '../src');

/** Every route plugin a `*routes.ts` file of the family folders exports, found on disk so a new file is included. */
async function familyRoutePlugins(folder: string): Promise<FastifyPluginAsync[]> {
  const files = (await readdir(join(SRC, folder))).filter((file) => file.endsWith('routes.ts'));
  const modules = await Promise.all(files.map(async (file) => (await import(join(SRC, folder, file))) as Record<string, unknown>));
  return modules.flatMap((module) => Object.entries(module).filter(([name, value]) => name.endsWith('Routes') && typeof value === 'function'))
    .map(([, plugin]) => plugin as FastifyPluginAsync);
}

/** The folder's routes registered alone (nothing is called: a handler's dependencies are never reached). */
async function routesOfFolder(folder: string): Promise<RouteAccessEntry[]> {
  const bare = fastify();
  bare.setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
  installAccessControl(bare, {} as AuthService);
  for (const plugin of await familyRoutePlugins(folder)) await bare.register(plugin, {});
  await bare.ready();
  const routes = listRouteAccess(bare);
  await bare.close();
  return routes;
}

let app: HomecamApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('session-only routes declare it themselves (issue 21)', () => {
  it('every route under the account, users, push and second-factor policy URLs says sessionOnly, apart from reading users', () => {
    const routes = listRouteAccess(app);
    expect(routes.filter(underFamilyUrl).length).toBeGreaterThan(TOKEN_READABLE_IN_FAMILIES.length);
    expect(missingSessionOnly(routes, underFamilyUrl)).toEqual([]);
  });

  it.each(SESSION_ONLY_FOLDERS)('every non-public route of server/src/%s says sessionOnly', async (folder) => {
    const routes = await routesOfFolder(folder);
    expect(routes.length, `no routes found in ${folder}`).toBeGreaterThan(0);
    expect(missingSessionOnly(routes, () => true)).toEqual([]);
  });

  it('names a family route that forgets the flag, and not one that declares it', async () => {
    const bare = fastify();
    installAccessControl(bare, {} as AuthService);
    await bare.register(
      defineRoutes((instance) => {
        instance.post('/api/account/forgotten', { config: { access: 'signedIn' } }, () => 'oops');
        instance.post('/api/account/declared', { config: { access: 'signedIn', sessionOnly: true } }, () => 'ok');
        instance.get('/api/users/:id', { config: { access: 'selfOrAdmin' } }, () => 'readable');
        instance.get('/api/cameras', { config: { access: 'signedIn' } }, () => 'elsewhere');
      }),
    );
    await bare.ready();
    expect(missingSessionOnly(listRouteAccess(bare), underFamilyUrl)).toEqual(['POST /api/account/forgotten']);
    await bare.close();
  });
});
