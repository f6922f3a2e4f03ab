import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { listRouteAccess } from '../src/http/access/access-control.js';
import type { UserRecord } from '../src/repositories/user.repository.js';
import { limitedUser, seedCameraData, SMALL_DEMO, type CameraData } from './helpers/camera-scope.js';
import { errorCode } from './helpers/http.js';
import { createMatrixApp, ensureMatrixFixtures, matrixRequest, MATRIX_CAMERA, MATRIX_ROOM } from './helpers/route-matrix.js';
import { ALL_BUT_ADMIN, bearer, tokenFor } from './helpers/users.js';

/**
 * Issue 21, cameras per user: every route of the app called by a user with every permission but admin who is limited
 * to one camera, aimed at another one. The route list comes from the app, so a new camera route is covered.
 */
let app: HomecamApp;
let photoName: string;
const CAMERA = MATRIX_CAMERA;
const ROOM = MATRIX_ROOM;
const ensureFixtures = (): Promise<void> => ensureMatrixFixtures(app);
const requestFor = matrixRequest;

beforeAll(async () => {
  ({ app, photoName } = await createMatrixApp());
});
afterAll(() => app.close());

describe('access matrix: a user limited to some cameras, probing a camera they may not see', () => {
  const HIDDEN = { name: 'Hidden Cam', videoConfig: { source: SMALL_DEMO } };
  let prober: UserRecord;
  let hidden: CameraData;
  const ensureHidden = async (): Promise<void> => {
    if (!app.homecam.cameras.find(HIDDEN.name)) await app.homecam.cameras.create(HIDDEN);
  };

  beforeAll(async () => {
    await ensureFixtures();
    await ensureHidden();
    prober = (await limitedUser(app, ALL_BUT_ADMIN, [CAMERA.name])).user;
    hidden = await seedCameraData(app, HIDDEN.name, prober.id);
  });

  /** Routes of one camera, by its name or by the id of something of it: these must answer 404 for the hidden one. */
  const NAMES_A_CAMERA = /^\/api\/(?:notifications|recordings|exports|review)\/:id|^\/api\/recordings\/segments\/:id|^\/files\/recordings\//;

  function fillHidden(url: string): string {
    const [, , , folder, date, file] = hidden.recordingFile.split('/');
    const ids: [RegExp, string][] = [
      [/^\/api\/notifications\//, hidden.notification],
      [/^\/api\/recordings\/segments\//, hidden.segment],
      [/^\/api\/recordings\//, hidden.recording],
      [/^\/api\/exports\//, hidden.export],
      [/^\/api\/review\//, hidden.review],
      [/^\/api\/users\//, String(prober.id)],
      [/^\/api\/plugins\//, 'telegram'],
    ];
    const values: Record<string, string | undefined> = {
      // Ids of other things (passkeys, sessions, tokens …) name no camera: any id will do.
      id: ids.find(([prefix]) => prefix.test(url))?.[1] ?? 'none',
      name: encodeURIComponent(url.startsWith('/api/cameras/') ? HIDDEN.name : url.startsWith('/api/rooms/') ? ROOM : url.startsWith('/api/backup/') ? 'homecam-db-2026-01-01.sqlite' : url.startsWith('/api/system/triggers/') ? 'mqtt' : photoName),
      section: 'mqtt', camera: folder, date, file, channel: 'telegram', sessionId: 'none', tokenId: 'none', token: 'Preset_1',
    };
    return url.replace(/:(\w+)|\*/g, (match, name: string | undefined) => {
      const value = match === '*' ? 'some/page' : values[name ?? ''];
      if (value === undefined) throw new Error(`access matrix (cameras): no value for ${match} in ${url}`);
      return value;
    });
  }

  it('answers 404 for every route that names the hidden camera, and no answer names it', async () => {
    const secrets = [HIDDEN.name, 'Hidden_Cam', hidden.notification, hidden.recording, hidden.segment, hidden.review, hidden.export];
    const failures: string[] = [];
    const routes = listRouteAccess(app).filter((route) => route.method !== 'HEAD');
    expect(routes.filter((route) => route.cameraParam !== undefined).length).toBeGreaterThan(8);
    for (const route of routes) {
      await ensureFixtures();
      await ensureHidden();
      const url = fillHidden(route.url);
      const request = requestFor(route, url, await tokenFor(app, prober));
      // A body the route accepts, so the answer is about the camera, not the body (the camera routes decide before it).
      if (route.method === 'PATCH' && route.url === '/api/exports/:id') request.payload = { name: 'renamed' };
      const response = await app.inject(request);
      const cell = `${route.method} ${route.url} -> ${url}: ${response.statusCode} ${errorCode(response) ?? ''}`;
      const named = route.cameraParam !== undefined || NAMES_A_CAMERA.test(route.url);
      if (response.statusCode >= 500) failures.push(`${cell} (server error)`);
      else if (named && response.statusCode !== 404) failures.push(`${cell} (expected 404)`);
      const leaked = secrets.filter((secret) => response.body.includes(secret));
      if (leaked.length > 0) failures.push(`${cell} (names ${leaked.join(', ')})`);
    }
    expect(failures).toEqual([]);
    // The sweep's deletes (notifications, recordings "all") left the hidden camera's rows alone.
    expect(await app.homecam.repositories.notifications.get(hidden.notification)).toBeDefined();
    expect(await app.homecam.repositories.recordings.get(hidden.recording)).toBeDefined();
  });

  it('a hidden camera named in a query or a body is unknown too: timeline, review, exports, At Home', async () => {
    const token = await tokenFor(app, prober);
    const now = Date.now();
    const range = `from=${now - 3_600_000}&to=${now}`;
    const cameras = encodeURIComponent(HIDDEN.name);
    const calls: InjectOptions[] = [
      { method: 'GET', url: `/api/timeline?cameras=${cameras}&${range}` },
      { method: 'GET', url: `/api/timeline?cameras=${encodeURIComponent(CAMERA.name)},${cameras}&${range}` },
      { method: 'GET', url: `/api/review?cameras=${cameras}` },
      { method: 'POST', url: '/api/review/reviewed', payload: { cameras: [HIDDEN.name] } },
      { method: 'POST', url: '/api/exports', payload: { cameras: [HIDDEN.name], from: now - 60_000, to: now } },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer(token) });
      expect([call.url, response.statusCode, errorCode(response)]).toEqual([call.url, 404, 'CAMERA_NOT_FOUND']);
    }
    const atHome = await app.inject({ method: 'PATCH', url: '/api/settings/at-home', headers: bearer(token), payload: { exclude: [HIDDEN.name] } });
    expect([atHome.statusCode, errorCode(atHome)]).toEqual([400, 'VALIDATION_FAILED']);
    const review = await app.inject({ url: '/api/review', headers: bearer(token) });
    expect(review.json<{ result: { camera: string }[] }>().result.map((item) => item.camera)).not.toContain(HIDDEN.name);
  });
});
