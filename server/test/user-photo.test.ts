import { PHOTO_MAX_BYTES } from '@homecam/shared';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { detectImageType } from '../src/lib/image-type.js';
import { expectError, IMAGE_BYTES, multipartFile } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

const run = promisify(execFile);
let app: HomecamApp;
let photosDir: string;

beforeAll(async () => {
  app = await createTestApp();
  photosDir = app.homecam.repositories.photos.dir;
});
afterAll(() => app.close());

function upload(id: number, token: string, bytes: Uint8Array, field = 'photo', filename = 'me.png', type = 'image/png') {
  const { payload, headers } = multipartFile(field, filename, type, bytes);
  return app.inject({ method: 'PUT', url: `/api/users/${id}/photo`, headers: { ...headers, ...bearer(token) }, payload });
}

describe('detectImageType', () => {
  it('tells the four accepted types by their first bytes and nothing else', () => {
    expect(detectImageType(IMAGE_BYTES.png)?.mime).toBe('image/png');
    expect(detectImageType(IMAGE_BYTES.jpeg)?.mime).toBe('image/jpeg');
    expect(detectImageType(IMAGE_BYTES.gif)?.mime).toBe('image/gif');
    expect(detectImageType(IMAGE_BYTES.webp)?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(Buffer.from('RIFF0000WAVE'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('PUT /api/users/:id/photo', () => {
  it('stores the photo under a random name and replaces (removes) the previous one', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const first = await upload(user.id, token, IMAGE_BYTES.png);
    expect(first.statusCode).toBe(200);
    const firstName = first.json<{ photo: string }>().photo;
    expect(firstName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(existsSync(join(photosDir, firstName))).toBe(true);

    // The client's file name and type do not matter; the bytes do (a WebP is stored re-encoded as PNG).
    const second = await upload(user.id, token, IMAGE_BYTES.webp, 'photo', 'x.jpg', 'image/jpeg');
    expect(second.statusCode).toBe(200);
    const secondName = second.json<{ photo: string }>().photo;
    expect(secondName).toMatch(/\.png$/);
    expect(existsSync(join(photosDir, firstName))).toBe(false);
    expect(existsSync(join(photosDir, secondName))).toBe(true);
  });

  it('refuses content that is not an accepted image with 415, whatever it claims', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const response = await upload(user.id, token, Buffer.from('<svg onload="alert(1)"/>'), 'photo', 'evil.png', 'image/png');
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await app.homecam.repositories.users.findById(user.id))?.photo).toBeNull();
  });

  it('refuses a file over 2 MiB with 413 and stores nothing', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const before = existsSync(photosDir) ? await readdir(photosDir) : [];
    const big = Buffer.concat([IMAGE_BYTES.png, Buffer.alloc(PHOTO_MAX_BYTES)]);
    expectError(await upload(user.id, token, big), 413, 'PAYLOAD_TOO_LARGE');
    expect(existsSync(photosDir) ? await readdir(photosDir) : []).toEqual(before);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([IMAGE_BYTES.png, Buffer.alloc(PHOTO_MAX_BYTES - IMAGE_BYTES.png.length)]);
    expect((await upload(user.id, token, atLimit)).statusCode).toBe(200);
  });

  it('answers 400 VALIDATION_FAILED without a `photo` field and 415 for a non-multipart body', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const wrongField = await upload(user.id, token, IMAGE_BYTES.png, 'avatar');
    expectError(wrongField, 400, 'VALIDATION_FAILED');
    expect(wrongField.json()).toMatchObject({ error: { details: [{ path: 'photo', message: 'FIELD_REQUIRED' }] } });
    const json = await app.inject({ method: 'PUT', url: `/api/users/${user.id}/photo`, headers: bearer(token), payload: { photo: 'x' } });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses another user\'s photo to a non-admin (403) and answers 404 to an admin for a missing user', async () => {
    const { user, token } = await signedInUser(app, ALL_BUT_ADMIN);
    const { user: other } = await signedInUser(app, ['dashboard:access']);
    expectError(await upload(other.id, token, IMAGE_BYTES.png), 403, 'FORBIDDEN');
    const admin = await signedInUser(app, ['admin']);
    expect((await upload(user.id, admin.token, IMAGE_BYTES.gif)).statusCode).toBe(200);
    expectError(await upload(99999, admin.token, IMAGE_BYTES.gif), 404, 'USER_NOT_FOUND');
  });
});

// Probe #12: polyglots were stored and served byte for byte. Now only ffmpeg's re-encoded output is.
describe('PUT /api/users/:id/photo re-encodes', () => {
  const served = async (name: string, token: string) => (await app.inject({ url: `/files/${name}`, headers: bearer(token) })).rawPayload;

  it('drops an HTML/script payload appended to a real GIF or JPEG', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    for (const [image, type] of [[IMAGE_BYTES.gif, 'image/gif'], [IMAGE_BYTES.jpeg, 'image/jpeg']] as const) {
      const response = await upload(user.id, token, Buffer.concat([image, Buffer.from(html)]), 'photo', 'p', type);
      expect(response.statusCode).toBe(200);
      const bytes = await served(response.json<{ photo: string }>().photo, token);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.includes('<html')).toBe(false);
    }
  });

  it('refuses magic bytes followed by anything that is not an image: 400 IMAGE_UNREADABLE, nothing stored', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const before = existsSync(photosDir) ? await readdir(photosDir) : [];
    for (const fake of [Buffer.from('GIF89a<html><script>alert(1)</script></html>'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>x</script>')])]) {
      expectError(await upload(user.id, token, fake), 400, 'IMAGE_UNREADABLE');
    }
    expect((await app.homecam.repositories.users.findById(user.id))?.photo).toBeNull();
    expect(existsSync(photosDir) ? await readdir(photosDir) : []).toEqual(before);
  });

  it('keeps a real photo a JPEG, bounded to 512×512 with its aspect ratio and without metadata', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const { stdout: photo } = await run('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=s=1000x750', '-frames:v', '1', '-metadata', 'comment=secret-location', '-f', 'mjpeg', 'pipe:1',
    ], { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 });
    const response = await upload(user.id, token, photo, 'photo', 'big.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const name = response.json<{ photo: string }>().photo;
    expect(name).toMatch(/\.jpg$/);
    const file = join(photosDir, name);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]);
    expect(stdout.trim()).toBe('512,384');
    expect((await served(name, token)).includes('secret-location')).toBe(false);
  });
});

describe('DELETE /api/users/:id/photo', () => {
  it('clears the photo and removes the file', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const name = (await upload(user.id, token, IMAGE_BYTES.jpeg)).json<{ photo: string }>().photo;
    const response = await app.inject({ method: 'DELETE', url: `/api/users/${user.id}/photo`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, photo: null });
    expect(existsSync(join(photosDir, name))).toBe(false);
    // Idempotent: no photo is fine.
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${user.id}/photo`, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('removes the photo file when the user is deleted', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const name = (await upload(user.id, token, IMAGE_BYTES.jpeg)).json<{ photo: string }>().photo;
    const admin = await signedInUser(app, ['admin']);
    await app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: bearer(admin.token) });
    expect(existsSync(join(photosDir, name))).toBe(false);
  });
});

describe('GET /files/:name', () => {
  it('serves a photo to any signed-in user, by bearer or by cookie, privately cached', async () => {
    const { user, token } = await signedInUser(app, ['dashboard:access']);
    const name = (await upload(user.id, token, IMAGE_BYTES.png)).json<{ photo: string }>().photo;
    const viewer = await signedInUser(app, ['cameras:access']);

    const byBearer = await app.inject({ url: `/files/${name}`, headers: bearer(viewer.token) });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['content-type']).toBe('image/png');
    expect(byBearer.headers['cache-control']).toMatch(/^private/);
    expect(byBearer.rawPayload.equals(await readFile(join(photosDir, name)))).toBe(true);

    const byCookie = await app.inject({ url: `/files/${name}`, cookies: { homecam_session: viewer.token } });
    expect(byCookie.statusCode).toBe(200);
  });

  it('needs a sign-in (401) and answers 404 FILE_NOT_FOUND for an unknown name', async () => {
    const { token } = await signedInUser(app, ['dashboard:access']);
    expectError(await app.inject({ url: '/files/abc.png' }), 401, 'UNAUTHENTICATED');
    expectError(await app.inject({ url: '/files/abc.png', cookies: { homecam_session: 'forged' } }), 401, 'UNAUTHENTICATED');
    expectError(await app.inject({ url: '/files/0123456789abcdef.png', headers: bearer(token) }), 404, 'FILE_NOT_FOUND');
  });

  it('refuses path traversal and files outside the photo store', async () => {
    const { token } = await signedInUser(app, ['dashboard:access']);
    await writeFile(join(app.homecam.dataDir, 'secret.png'), IMAGE_BYTES.png);
    for (const name of ['..%2Fsecret.png', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2Fsecret.png', '..%5Csecret.png', '.hidden.png', 'homecam.db', 'config.json']) {
      const response = await app.inject({ url: `/files/${name}`, headers: bearer(token) });
      expectError(response, 404, 'FILE_NOT_FOUND');
    }
    // A literal `..` segment is resolved by URL parsing (to /secret.png, the web app's fallback), never to the file.
    const dotted = await app.inject({ url: '/files/../secret.png', headers: bearer(token) });
    expect(dotted.headers['content-type']).toMatch(/^text\/html/);
    expect(dotted.rawPayload.includes(IMAGE_BYTES.png)).toBe(false);
    // More than one segment is not a /files route at all.
    expectError(await app.inject({ url: '/files/a/secret.png', headers: bearer(token) }), 404, 'NOT_FOUND');
  });
});
