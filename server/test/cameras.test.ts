import type { Camera, ConfigFile } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { LogCapture } from './helpers/log-capture.js';
import { expectError } from './helpers/http.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const SECRET = 'Cam-S3cret-pw';
const STILL_SECRET = 'Still-S3cret';
const withSecret = (host: string, path = 'main') => `rtsp://admin:${SECRET}@${host}:554/${path}`;

let app: HomecamApp;
let admin: string;
let viewer: string;
let editor: string;
let configPath: string;
const logs = new LogCapture();

beforeAll(async () => {
  app = await createTestApp({ logLevel: 'debug', logStream: logs });
  admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  editor = (await signedInUser(app, ['settings:cameras:access', 'settings:cameras:edit'])).token;
  configPath = join(app.homecam.dataDir, 'config.json');
});
afterAll(() => app.close());

const readFileConfig = async (): Promise<ConfigFile> => JSON.parse(await readFile(configPath, 'utf8')) as ConfigFile;

async function post(token: string, body: unknown) {
  return app.inject({ method: 'POST', url: '/api/cameras', headers: bearer(token), payload: body as object });
}

async function patch(token: string, name: string, body: unknown) {
  return app.inject({ method: 'PATCH', url: `/api/cameras/${encodeURIComponent(name)}`, headers: bearer(token), payload: body as object });
}

describe('camera CRUD', () => {
  it('creates with the original defaults, lists, gets (any case), updates and deletes', async () => {
    const created = await post(admin, { name: ' Front Door ', room: 'Garden', videoConfig: { source: 'rtsp://10.0.0.5/live' } });
    expect(created.statusCode).toBe(201);
    expect(created.json<Camera>()).toMatchObject({
      name: 'Front Door',
      room: 'Garden',
      videoConfig: { source: 'rtsp://10.0.0.5/live', probeSize: 5_000_000, analyzeDuration: 5_000_000, reorderQueueSize: 500, maxStreams: 4 },
    });

    const list = await app.inject({ url: '/api/cameras', headers: bearer(viewer) });
    expect(list.json<{ result: Camera[] }>().result.map((c) => c.name)).toContain('Front Door');
    const one = await app.inject({ url: '/api/cameras/front%20door', headers: bearer(viewer) });
    expect(one.statusCode).toBe(200);
    expect(one.json<Camera>().name).toBe('Front Door');

    const updated = await patch(admin, 'Front Door', { videoConfig: { probeSize: 64, maxStreams: 2 }, prebufferLength: 6 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Camera>()).toMatchObject({ videoConfig: { source: 'rtsp://10.0.0.5/live', probeSize: 64, maxStreams: 2 }, prebufferLength: 6 });

    const renamed = await patch(admin, 'Front Door', { name: 'Porch' });
    expect(renamed.json<Camera>().name).toBe('Porch');
    expectError(await app.inject({ url: '/api/cameras/Front%20Door', headers: bearer(viewer) }), 404, 'CAMERA_NOT_FOUND');

    const deleted = await app.inject({ method: 'DELETE', url: '/api/cameras/Porch', headers: bearer(admin) });
    expect(deleted.statusCode).toBe(204);
    expectError(await app.inject({ url: '/api/cameras/Porch', headers: bearer(viewer) }), 404, 'CAMERA_NOT_FOUND');
    expectError(await app.inject({ method: 'DELETE', url: '/api/cameras/Porch', headers: bearer(admin) }), 404, 'CAMERA_NOT_FOUND');
    expectError(await patch(admin, 'Porch', { room: 'x' }), 404, 'CAMERA_NOT_FOUND');
    expectError(await app.inject({ url: '/api/cameras/Porch/status', headers: bearer(viewer) }), 404, 'CAMERA_NOT_FOUND');
    expectError(await app.inject({ url: '/api/cameras/Porch/snapshot', headers: bearer(viewer) }), 404, 'CAMERA_NOT_FOUND');
  });

  it('validates per spec §5: probe size, source, name, duplicates, config-file-only fields', async () => {
    for (const probeSize of [31, 100.5, '5000']) {
      const response = await post(admin, { name: 'Probe', videoConfig: { source: 'rtsp://cam/x', probeSize } });
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json()).toMatchObject({ error: { details: [{ path: 'videoConfig.probeSize', message: 'PROBE_SIZE_INVALID' }] } });
    }
    const junk = await post(admin, { name: 'Junk', videoConfig: { source: 'hello' } });
    expect(junk.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'videoConfig.source', message: 'SOURCE_INVALID' }] } });
    const nameless = await post(admin, { videoConfig: { source: 'rtsp://cam/x' } });
    expect(nameless.json()).toMatchObject({ error: { details: [{ path: 'name', message: 'FIELD_REQUIRED' }] } });
    const sourceless = await post(admin, { name: 'Nothing', videoConfig: {} });
    expect(sourceless.json()).toMatchObject({ error: { details: [{ path: 'videoConfig.source', message: 'FIELD_REQUIRED' }] } });

    // the original's ffmpeg input arguments are a source too
    const args = await post(admin, { name: 'Args', videoConfig: { source: '-rtsp_transport tcp -i rtsp://cam/x' } });
    expect(args.statusCode).toBe(201);
    const duplicate = await post(admin, { name: 'ARGS', videoConfig: { source: 'rtsp://cam/y' } });
    expectError(duplicate, 409, 'CAMERA_EXISTS');
    expect(duplicate.json()).toMatchObject({ error: { message: 'camera already exists' } });
    await post(admin, { name: 'Other', videoConfig: { source: 'rtsp://cam/z' } });
    expectError(await patch(admin, 'Other', { name: 'args' }), 409, 'CAMERA_EXISTS');
    expectError(await patch(admin, 'Other', { videoConfig: { probeSize: 8 } }), 400, 'VALIDATION_FAILED');

    // spec §5: recording type and time are changed in the config file only
    const fileOnly = await post(admin, { name: 'Rec', recordingType: 'Video', videoConfig: { source: 'rtsp://cam/r' } });
    expect(fileOnly.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: 'recordingType' }] } });
    await app.homecam.config.updateSection('cameras', (cameras) => [
      ...(cameras as object[]),
      { name: 'Rec', recordingType: 'Video', videoConfig: { source: 'rtsp://cam/r' } },
    ]);
    expectError(await patch(admin, 'Rec', { recordingType: 'Snapshot' }), 400, 'VALIDATION_FAILED');
    // sending the unchanged value back (a whole form) is fine
    expect((await patch(admin, 'Rec', { recordingType: 'Video', motionTimeout: 30 })).statusCode).toBe(200);

    for (const name of ['Args', 'Other', 'Rec']) await app.inject({ method: 'DELETE', url: `/api/cameras/${name}`, headers: bearer(admin) });
  });

  it('a disabled camera reports it and has no snapshot', async () => {
    await post(admin, { name: 'Off', disable: true, videoConfig: { source: 'demo:' } });
    const status = await app.inject({ url: '/api/cameras/Off/status', headers: bearer(viewer) });
    expect(status.json()).toMatchObject({ name: 'Off', state: 'idle', reason: 'the camera is disabled', offAir: 'disabled', viewers: 0 });
    expectError(await app.inject({ url: '/api/cameras/Off/snapshot', headers: bearer(viewer) }), 503, 'CAMERA_OFFLINE');
    await app.inject({ method: 'DELETE', url: '/api/cameras/Off', headers: bearer(admin) });
  });

  it('adds demo cameras named Demo, Demo 2', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/cameras/demo', headers: bearer(editor) });
    const second = await app.inject({ method: 'POST', url: '/api/cameras/demo', headers: bearer(editor) });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect([first.json<Camera>().name, second.json<Camera>().name]).toEqual(['Demo', 'Demo 2']);
    expect(second.json<Camera>().videoConfig.source).toBe('demo:');
    for (const name of ['Demo', 'Demo%202']) await app.inject({ method: 'DELETE', url: `/api/cameras/${name}`, headers: bearer(admin) });
  });
});

describe('credentials in sources', () => {
  const camera = {
    name: 'Secret Cam',
    videoConfig: {
      source: withSecret('10.0.0.7'),
      subSource: `-rtsp_transport tcp -i ${withSecret('10.0.0.7', 'sub')}`,
      stillImageSource: `http://10.0.0.7/snapshot.cgi?user=admin&pwd=${STILL_SECRET}`,
    },
  };

  it('are masked for everyone but admins, and a masked value sent back keeps the stored secret', async () => {
    const created = await post(editor, camera);
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(SECRET);
    expect(created.json<Camera>().videoConfig).toMatchObject({
      source: 'rtsp://admin:********@10.0.0.7:554/main',
      subSource: '-rtsp_transport tcp -i rtsp://admin:********@10.0.0.7:554/sub',
      stillImageSource: 'http://10.0.0.7/snapshot.cgi?user=admin&pwd=********',
    });

    for (const token of [viewer, editor]) {
      for (const url of ['/api/cameras', '/api/cameras/Secret%20Cam']) {
        const response = await app.inject({ url, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('********');
        expect(response.body).not.toContain(SECRET);
        expect(response.body).not.toContain(STILL_SECRET);
      }
    }
    const forAdmin = await app.inject({ url: '/api/cameras/Secret%20Cam', headers: bearer(admin) });
    expect(forAdmin.json<Camera>().videoConfig).toMatchObject(camera.videoConfig);

    // The editor saves the whole (masked) form with one change: the secrets stay.
    const form = created.json<Camera>();
    const saved = await patch(editor, 'Secret Cam', { ...form, motionTimeout: 20 });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    let stored = app.homecam.cameras.get('Secret Cam');
    expect(stored.videoConfig).toMatchObject(camera.videoConfig);
    expect(stored.motionTimeout).toBe(20);

    // The masked password is kept for the same scheme, host, port and user only (another path is fine) ...
    expect((await patch(editor, 'Secret Cam', { videoConfig: { source: 'rtsp://admin:********@10.0.0.7/other' } })).statusCode).toBe(200);
    expect(app.homecam.cameras.get('Secret Cam').videoConfig.source).toBe(`rtsp://admin:${SECRET}@10.0.0.7/other`);
    // ... never sent to another host, port, scheme or user: the editor must type it (review finding #5).
    for (const source of [
      'rtsp://admin:********@10.0.0.8:554/main',
      'rtsp://admin:********@10.0.0.7:8554/main',
      'rtsps://admin:********@10.0.0.7:554/main',
      'rtsp://other:********@10.0.0.7:554/main',
    ]) {
      const moved = await patch(editor, 'Secret Cam', { videoConfig: { source } });
      expectError(moved, 400, 'SECRET_RETYPE_REQUIRED');
      expect(moved.body).not.toContain(SECRET);
    }
    const still = await patch(editor, 'Secret Cam', { videoConfig: { stillImageSource: 'http://10.0.0.99/snapshot.cgi?user=admin&pwd=********' } });
    expectError(still, 400, 'SECRET_RETYPE_REQUIRED');
    stored = app.homecam.cameras.get('Secret Cam');
    expect(stored.videoConfig.source).toBe(`rtsp://admin:${SECRET}@10.0.0.7/other`);
    expect(stored.videoConfig.stillImageSource).toBe(camera.videoConfig.stillImageSource);
    // A typed password replaces it.
    await patch(editor, 'Secret Cam', { videoConfig: { source: 'rtsp://admin:n3w@10.0.0.8:554/main' } });
    expect(app.homecam.cameras.get('Secret Cam').videoConfig.source).toBe('rtsp://admin:n3w@10.0.0.8:554/main');

    // The file holds the real secrets (it is the admin's) with mode 0600, checked by the config tests.
    expect(JSON.stringify((await readFileConfig()).cameras)).toContain(STILL_SECRET);
    // Never logged, not even at debug.
    expect(logs.text).not.toContain(SECRET);
    expect(logs.text).not.toContain(STILL_SECRET);
    await app.inject({ method: 'DELETE', url: '/api/cameras/Secret%20Cam', headers: bearer(admin) });
  });
});

describe('config.json round trip', () => {
  it('a camera added through the API appears in the file as written, without defaults', async () => {
    await post(admin, { name: 'Garage', videoConfig: { source: 'rtsp://10.0.0.9/live', probeSize: 1024 } });
    const cameras = (await readFileConfig()).cameras;
    expect(cameras.find((c) => c.name === 'Garage')).toEqual({ name: 'Garage', videoConfig: { source: 'rtsp://10.0.0.9/live', probeSize: 1024 } });
    // A PATCH merges into what is stored; other sections of the file are untouched.
    await patch(admin, 'Garage', { videoConfig: { audio: false } });
    expect((await readFileConfig()).cameras.find((c) => c.name === 'Garage')).toEqual({
      name: 'Garage',
      videoConfig: { source: 'rtsp://10.0.0.9/live', probeSize: 1024, audio: false },
    });
  });

  it('PATCH /api/config changes the cameras the API serves', async () => {
    const config = app.homecam.config.get();
    const cameras = config.cameras.map((c) => (c.name === 'Garage' ? { ...c, room: 'Basement' } : c));
    const response = await app.inject({ method: 'PATCH', url: '/api/config', headers: bearer(admin), payload: { ...config, cameras } });
    expect(response.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/cameras/Garage', headers: bearer(viewer) })).json<Camera>().room).toBe('Basement');
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: bearer(admin),
      payload: { ...config, cameras: [...cameras, { name: 'garage', videoConfig: { source: 'rtsp://x/y' } }] },
    });
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: `cameras.${cameras.length}.name`, message: 'camera already exists' }] } });
  });

  it('a hand edit of config.json applies without a restart; a bad one is logged and ignored', async () => {
    const file = await readFileConfig();
    file.cameras.push({ name: 'Shed', videoConfig: { source: 'rtsp://10.0.0.10/live' } });
    await writeFile(configPath, JSON.stringify(file, null, 2));
    await waitFor(async () => (await app.inject({ url: '/api/cameras/Shed', headers: bearer(viewer) })).statusCode === 200, {
      message: 'the hand-added camera',
    });

    const logged = logs.text.length;
    await writeFile(configPath, `${JSON.stringify(file).slice(0, -1)},\n  "cameras": [{ "name": "Bad", "videoConfig": { "source": "${withSecret('10.0.0.11')}" } `);
    await waitFor(() => logs.text.slice(logged).includes('keeping the last good config'), { message: 'the bad edit to be logged' });
    expect(logs.text).not.toContain(SECRET);
    expect((await app.inject({ url: '/api/cameras/Shed', headers: bearer(viewer) })).statusCode).toBe(200);

    const invalid = structuredClone(file);
    invalid.cameras.push({ name: 'Tiny', videoConfig: { source: 'rtsp://x/y', probeSize: 1 } });
    await writeFile(configPath, JSON.stringify(invalid));
    const badKey = `cameras.${invalid.cameras.length - 1}.videoConfig.probeSize`;
    await waitFor(() => logs.text.slice(logged).includes(badKey), { message: 'the invalid edit to be logged' });
    expectError(await app.inject({ url: '/api/cameras/Tiny', headers: bearer(viewer) }), 404, 'CAMERA_NOT_FOUND');

    // The next API write replaces the broken file with the last good config plus the change.
    await patch(admin, 'Shed', { room: 'Yard' });
    expect((await readFileConfig()).cameras.map((c) => c.name)).toEqual(['Garage', 'Shed']);
  });
});
