import type { InjectOptions } from 'fastify';
import type { HomecamApp } from '../../src/app.js';
import type { RouteAccessEntry } from '../../src/http/access/access-control.js';
import { IMAGE_BYTES, multipartFile } from './http.js';
import { createTestApp } from './test-app.js';
import { bearer, createUser } from './users.js';

/**
 * What the access matrices (every route × every caller, and every route × a camera the caller may not see) share:
 * the app with a stored user photo, the camera and room the routes name, and a request the route accepts.
 */

/** A tiny generated picture: its snapshot is real (a 5xx fails the matrix) and cheap. */
export const MATRIX_CAMERA = { name: 'Matrix Cam', videoConfig: { source: 'demo:?size=160x120&fps=5&audio=0' } };
export const MATRIX_ROOM = 'Matrix Room';

/** The app, and the file name of a user photo (the /files/photos routes need one that exists). */
export async function createMatrixApp(): Promise<{ app: HomecamApp; photoName: string }> {
  const app = await createTestApp();
  const owner = await createUser(app, ['dashboard:access']);
  const photoName = (await app.homecam.photos.set(owner.id, IMAGE_BYTES.png)).photo ?? '';
  return { app, photoName };
}

/** Calls may delete or rename them: put them back before each call. */
export async function ensureMatrixFixtures(app: HomecamApp): Promise<void> {
  if (!app.homecam.cameras.find(MATRIX_CAMERA.name)) await app.homecam.cameras.create(MATRIX_CAMERA);
  if (!(await app.homecam.rooms.list()).some((room) => room.name === MATRIX_ROOM)) await app.homecam.rooms.create(MATRIX_ROOM);
}

/** The route's request at `url`: a photo upload carries a real PNG, everything else no body. */
export function matrixRequest(route: RouteAccessEntry, url: string, token: string | undefined): InjectOptions {
  const headers: Record<string, string> = token ? bearer(token) : {};
  if (route.url.endsWith('/photo') && route.method === 'PUT') {
    const body = multipartFile('photo', 'p.png', 'image/png', IMAGE_BYTES.png);
    return { method: 'PUT', url, headers: { ...headers, ...body.headers }, payload: body.payload };
  }
  return { method: route.method, url, headers };
}
