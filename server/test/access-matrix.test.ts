import { PERMISSIONS, type ExportJob, type Permission } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { listRouteAccess, type RouteAccessEntry } from '../src/http/access/access-control.js';
import { describeAccessRule } from '../src/http/access/access-rule.js';
import { errorCode } from './helpers/http.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { listen } from './helpers/test-app.js';
import { createMatrixApp, ensureMatrixFixtures, matrixRequest, MATRIX_CAMERA, MATRIX_ROOM } from './helpers/route-matrix.js';
import { ALL_BUT_ADMIN, createUser, signedInUser, tokenFor } from './helpers/users.js';

/**
 * Every route of the app, called as anonymous, as a user without the permission, as a user with it, and as an
 * admin. The route list comes from the app, so a new route is covered (or fails here for want of a parameter).
 */
let app: HomecamApp;
let photoName: string;
const CAMERA = MATRIX_CAMERA;
const ROOM = MATRIX_ROOM;

beforeAll(async () => {
  ({ app, photoName } = await createMatrixApp());
});

const ensureFixtures = (): Promise<void> => ensureMatrixFixtures(app);
afterAll(async () => {
  closeAllSockets();
  await app.close();
});

type Caller = 'anonymous' | 'without' | 'with' | 'admin';

/** Fills the route's parameters; an unknown parameter fails the test so its author adds a value here. */
function fillUrl(url: string, targetUserId: number): string {
  const name = url.startsWith('/api/cameras/') ? CAMERA.name : url.startsWith('/api/rooms/') ? ROOM : url.startsWith('/api/backup/') ? 'homecam-db-2026-01-01.sqlite' : photoName;
  const values: Record<string, string> = {
    id: String(targetUserId),
    name: encodeURIComponent(name),
    section: 'mqtt',
    // /files/recordings/:camera/:date/:file (no such recording: 404 for those allowed)
    camera: 'Matrix_Cam',
    date: '2026-01-01',
    file: 'none.mp4',
    // /api/alerts/:channel/test (no telegram channel registered in this app: 404 for those allowed)
    channel: 'telegram',
    // Issue 21: a signed-in device and an API token that do not exist (404 for those allowed).
    sessionId: 'no-such-session',
    tokenId: 'no-such-token',
    // /api/cameras/:name/ptz/presets/:token (the matrix camera has no ONVIF: 409 for those allowed)
    token: 'Preset_1',
  };
  return url.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
    if (match === '*') return 'some/page';
    const value = name === undefined ? undefined : values[name];
    if (value === undefined) throw new Error(`access matrix: no value for ${match} in ${url}; add one to fillUrl`);
    return value;
  });
}

/** Permissions of the "without" user: everything the rule does not accept (still at least one). */
function permissionsWithout(route: RouteAccessEntry): Permission[] {
  const rule = route.access;
  if (typeof rule === 'object') {
    const rest = ALL_BUT_ADMIN.filter((p) => !rule.anyOf.includes(p));
    return rest.length > 0 ? rest : ['dashboard:access'];
  }
  return ALL_BUT_ADMIN;
}

function permissionsWith(route: RouteAccessEntry): Permission[] {
  const rule = route.access;
  if (typeof rule === 'object') return [rule.anyOf[0] ?? PERMISSIONS[1]];
  if (rule === 'admin') return ['admin'];
  return ['dashboard:access'];
}

/** Who the caller is and which user id it addresses (fresh each call: some calls delete or sign out). */
async function prepare(route: RouteAccessEntry, caller: Caller): Promise<{ token?: string; targetUserId: number }> {
  await ensureFixtures();
  const victim = await createUser(app, ['dashboard:access']);
  switch (caller) {
    case 'anonymous':
      return { targetUserId: victim.id };
    case 'without': {
      const { token } = await signedInUser(app, permissionsWithout(route));
      // selfOrAdmin is "without" when addressing someone else.
      return { token, targetUserId: victim.id };
    }
    case 'with': {
      const { user, token } = await signedInUser(app, permissionsWith(route));
      return { token, targetUserId: user.id };
    }
    case 'admin': {
      const { token } = await signedInUser(app, ['admin']);
      return { token, targetUserId: victim.id };
    }
  }
}

const requestFor = matrixRequest;

/** What each caller must see for each rule: 'allowed' means neither 401 nor 403 (and never a 5xx). */
function expected(route: RouteAccessEntry, caller: Caller): 'allowed' | 401 | 403 {
  const rule = route.access;
  if (rule === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (caller === 'admin' || caller === 'with') return 'allowed';
  // 'without'
  if (rule === 'signedIn') return 'allowed';
  return 403;
}

const callers: Caller[] = ['anonymous', 'without', 'with', 'admin'];

describe('access matrix over every route', () => {
  it('covers the routes of the app', () => {
    expect(listRouteAccess(app).length).toBeGreaterThan(15);
  });

  it('the plugins and Rekognition routes are admin-only', () => {
    const admin = ['GET /api/plugins', 'POST /api/plugins/:id/start', 'POST /api/plugins/:id/stop', 'POST /api/plugins/:id/restart', 'GET /api/settings/rekognition', 'PATCH /api/settings/rekognition'];
    const rules = new Map(listRouteAccess(app).map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(admin.map((key) => [key, rules.get(key)])).toEqual(admin.map((key) => [key, 'admin']));
  });

  it('the webhook/Alexa settings: read with notifications access, edit with notifications edit, the secret rotation admin-only', () => {
    const rules = new Map(listRouteAccess(app).map((route) => [`${route.method} ${route.url}`, describeAccessRule(route.access)]));
    const read = 'anyOf(settings:notifications:access, settings:notifications:edit)';
    const edit = 'anyOf(settings:notifications:edit)';
    expect([rules.get('GET /api/settings/notifications/webhook'), rules.get('PATCH /api/settings/notifications/webhook'), rules.get('POST /api/settings/notifications/webhook/rotate-secret')]).toEqual([read, edit, 'admin']);
    expect([rules.get('GET /api/settings/notifications/alexa'), rules.get('PATCH /api/settings/notifications/alexa')]).toEqual([read, edit]);
  });

  it('the alert routes follow the notification settings permissions (webhook tests are admin-only inside the route)', () => {
    const rules = new Map(listRouteAccess(app).map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(rules.get('GET /api/alerts/status')).toEqual({ anyOf: ['settings:notifications:access', 'settings:notifications:edit'] });
    expect(rules.get('POST /api/alerts/:channel/test')).toEqual({ anyOf: ['settings:notifications:edit'] });
  });

  // The list is read inside the test (the app is built in beforeAll), one assertion message per cell.
  it.each(callers)('as %s', async (caller) => {
    const routes = listRouteAccess(app).filter((route) => route.method !== 'HEAD');
    const failures: string[] = [];
    for (const route of routes) {
      const { token, targetUserId } = await prepare(route, caller);
      const url = fillUrl(route.url, targetUserId);
      const response = await app.inject(requestFor(route, url, token));
      const want = expected(route, caller);
      const status = response.statusCode;
      const cell = `${route.method} ${route.url} [${describeAccessRule(route.access)}] as ${caller}: ${status} ${errorCode(response) ?? ''}`;
      if (status >= 500) failures.push(`${cell} (server error)`);
      else if (want === 'allowed' && (status === 401 || status === 403)) failures.push(`${cell} (expected allowed)`);
      else if (want === 401 && !(status === 401 && errorCode(response) === 'UNAUTHENTICATED')) failures.push(`${cell} (expected 401)`);
      else if (want === 403 && !(status === 403 && errorCode(response) === 'FORBIDDEN')) failures.push(`${cell} (expected 403)`);
    }
    expect(failures).toEqual([]);
  });

  it('a session owing the credential change is held everywhere except the allowed routes', async () => {
    const master = await app.homecam.repositories.users.findByUsername('master');
    if (!master) throw new Error('no master');
    const failures: string[] = [];
    for (const route of listRouteAccess(app).filter((r) => r.method !== 'HEAD')) {
      // A fresh session per call: logout is one of the routes.
      const token = await tokenFor(app, master);
      // Its own id: the one place (PATCH users/:id) it may go. Other ids are covered in auth.test.ts.
      const response = await app.inject(requestFor(route, fillUrl(route.url, master.id), token));
      const held = response.statusCode === 403 && errorCode(response) === 'CREDENTIALS_CHANGE_REQUIRED';
      const shouldHold = route.access !== 'public' && !route.allowDuringCredentialChange;
      if (held !== shouldHold) failures.push(`${route.method} ${route.url}: ${response.statusCode} ${errorCode(response) ?? ''}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('access of the server log (Console)', () => {
  it('GET /api/system/log and its download are admin only', () => {
    const rules = listRouteAccess(app).filter((route) => route.url.startsWith('/api/system/log') && route.method === 'GET');
    expect(rules.map((route) => [route.url, route.access])).toEqual([
      ['/api/system/log', 'admin'],
      ['/api/system/log/download', 'admin'],
    ]);
  });
});

describe('access of the HomeKit bridge settings', () => {
  it('GET/PATCH /api/homekit and the pairing reset are admin-only (the setup code pairs a phone with every camera)', () => {
    const rules = listRouteAccess(app).filter((route) => route.url.startsWith('/api/homekit') && route.method !== 'HEAD');
    expect(rules.map((route) => [route.method, route.url, route.access])).toEqual([
      ['GET', '/api/homekit', 'admin'],
      ['PATCH', '/api/homekit', 'admin'],
      ['POST', '/api/homekit/reset', 'admin'],
    ]);
  });
});

describe('access rules of the Utilization page', () => {
  it('GET /api/system/metrics is admin-only', () => {
    const route = listRouteAccess(app).find((r) => r.method === 'GET' && r.url === '/api/system/metrics');
    expect(route?.access).toBe('admin');
  });
});

describe('access of 24/7 recording (issue 19)', () => {
  it('footage, timeline, review and exports need recordings:access; its settings settings:recordings:*', () => {
    const continuous = /^\/api\/(?:timeline|review|exports|recordings\/segments)|^\/api\/cameras\/:name\/recording\/|^\/api\/settings\/recordings\/continuous/;
    const rules = listRouteAccess(app)
      .filter((route) => route.method !== 'HEAD' && continuous.test(route.url))
      .map((route) => `${route.method} ${route.url}: ${describeAccessRule(route.access)}`)
      .sort();
    const footage = 'anyOf(recordings:access)';
    expect(rules).toEqual([
      `DELETE /api/exports/:id: ${footage}`,
      `DELETE /api/review/:id/reviewed: ${footage}`,
      `GET /api/cameras/:name/recording/playlist.m3u8: ${footage}`,
      `GET /api/cameras/:name/recording/preview: ${footage}`,
      `GET /api/exports: ${footage}`,
      `GET /api/exports/:id: ${footage}`,
      `GET /api/exports/:id/download: ${footage}`,
      `GET /api/recordings/segments/:id: ${footage}`,
      `GET /api/review: ${footage}`,
      'GET /api/settings/recordings/continuous: anyOf(settings:recordings:access, settings:recordings:edit)',
      `GET /api/timeline: ${footage}`,
      `PATCH /api/exports/:id: ${footage}`,
      'PATCH /api/settings/recordings/continuous: anyOf(settings:recordings:edit)',
      `POST /api/exports: ${footage}`,
      `POST /api/review/reviewed: ${footage}`,
      `PUT /api/review/:id/reviewed: ${footage}`,
    ].sort());
  });
});

/**
 * Socket events of issue 19. exportProgress goes to the sockets of the export's owner while the owner has
 * recordings:access (or is admin): never to someone else, whatever they may see. (A socket without a token is
 * refused at the handshake, for every event.)
 */
describe('access of socket events', () => {
  it('exportProgress: the owner with recordings:access or admin hears it; the owner without, and others, do not', async () => {
    const url = await listen(app);
    const callers = {
      'owner without recordings:access': ALL_BUT_ADMIN.filter((p) => p !== 'recordings:access'),
      'owner with recordings:access': ['recordings:access'],
      'owner who is admin': ['admin'],
    } satisfies Record<string, Permission[]>;
    const heard: string[] = [];
    const owners: { who: string; id: number }[] = [];
    for (const [who, permissions] of Object.entries(callers)) {
      const { user, token } = await signedInUser(app, permissions);
      owners.push({ who, id: user.id });
      const socket = socketClient(url, token);
      socket.on('exportProgress', (job) => heard.push(`${who} heard ${job.id}`));
      expect(await connectOutcome(socket)).toBe('connected');
    }
    const bystander = socketClient(url, (await signedInUser(app, ['admin'])).token);
    bystander.on('exportProgress', (job) => heard.push(`an admin who is not the owner heard ${job.id}`));
    expect(await connectOutcome(bystander)).toBe('connected');
    expect(await connectOutcome(socketClient(url, undefined))).toBe('UNAUTHENTICATED');
    const job = (id: string, ownerId: number): ExportJob => ({ id, name: 'x', camera: CAMERA.name, from: 0, to: 1, status: 'running', progress: 0.5, bytes: 0, durationMs: 0, ownerId, createdAt: 0, error: null, download: null });
    for (const owner of owners) app.homecam.bus.publish('ExportProgress', { job: job(`of ${owner.who}`, owner.id) });
    // The admin owner's is sent last: once it is heard, anything sent before it to another socket has been too.
    await waitFor(() => heard.length >= 2, { message: 'the progress of both owners who may see it' });
    expect(heard.sort()).toEqual(['owner who is admin heard of owner who is admin', 'owner with recordings:access heard of owner with recordings:access']);
  });
});

/**
 * Issue 21: every route once more, as a user with every permission but admin who is limited to the matrix camera,
 * aimed at a camera they may not see (its name in the URL, or the id of its notification, recording, segment,
 * review item or export). A route that names that camera answers 404 (as for a camera that does not exist, never
 * 403: the name is not confirmed), and no answer of any route names the camera or its ids. A new route is probed by
 * construction; one whose parameter is unknown fails here.
 */
