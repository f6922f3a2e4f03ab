import { RECORDINGS_MIN_FREE_GB_LIMIT, type Notification, type NotificationList, type RecordingList } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { DomainEvents } from '../src/events/event-bus.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { expectError } from './helpers/http.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Camera events and notifications without video: recordings are off, the cameras point at a closed port and are
 * never started (no prebuffering, no viewer). Real SQLite, real socket.io.
 */
const NOWHERE = { source: 'rtsp://127.0.0.1:9/none' };
const CONFIG = {
  recordings: { active: false },
  cameras: [
    { name: 'Front Door', room: 'Hall', videoConfig: NOWHERE, motionTimeout: 0 },
    { name: 'Garden', room: 'Outside', videoConfig: NOWHERE, motionTimeout: 5 },
    { name: 'Garage', room: 'Outside', videoConfig: NOWHERE, disable: true },
    { name: 'Bedroom', videoConfig: NOWHERE, privacyMode: true },
  ],
};

let app: HomecamApp;
let url: string;
let dataDir: string;
let clock: FakeClock;
let admin: string;
let viewer: string;
let editor: string;
const events: { name: keyof DomainEvents; camera: string }[] = [];

beforeAll(async () => {
  dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(CONFIG));
  clock = new FakeClock();
  app = await createTestApp({ dataDir, clock });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['notifications:access'])).token;
  editor = (await signedInUser(app, ['settings:notifications:edit', 'settings:cameras:edit'])).token;
  for (const name of ['MotionStarted', 'MotionEnded', 'DoorbellPressed', 'ObjectDetected'] as const) {
    app.homecam.bus.subscribe(name, (payload) => events.push({ name, camera: payload.camera }));
  }
});
afterAll(async () => {
  closeAllSockets();
  await app?.close();
});
beforeEach(async () => {
  events.length = 0;
  await app.homecam.config.patchSection('atHome', false);
  await app.homecam.config.patchSection('exclude', []);
  await app.homecam.notifications.deleteMany(undefined);
});

const put = (path: string, token = editor) => app.inject({ method: 'PUT', url: path, headers: bearer(token) });

async function notifications(query = '', token = viewer): Promise<NotificationList> {
  const response = await app.inject({ url: `/api/notifications${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

describe('camera event rules', () => {
  it('unknown cameras are 404, disabled and privacy-mode cameras are skipped: no event, no notification', async () => {
    expectError(await put('/api/cameras/Nope/motion/start'), 404, 'CAMERA_NOT_FOUND');
    for (const camera of ['Garage', 'Bedroom']) {
      for (const path of ['motion/start', 'doorbell']) {
        const response = await put(`/api/cameras/${camera}/${path}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ accepted: false, skipped: true });
      }
    }
    expect(events).toEqual([]);
    expect((await notifications()).result).toEqual([]);
  });

  it('At Home ignores motion except on excluded cameras; the doorbell always rings', async () => {
    await app.homecam.config.patchSection('atHome', true);
    await app.homecam.config.patchSection('exclude', ['garden']);
    expect((await put('/api/cameras/Front%20Door/motion/start')).json()).toMatchObject({ accepted: false, skipped: true });
    expect((await put('/api/cameras/Garden/motion/start')).json()).toMatchObject({ accepted: true });
    expect((await put('/api/cameras/Front%20Door/doorbell')).json()).toMatchObject({ accepted: true });
    expect(events).toEqual([
      { name: 'MotionStarted', camera: 'Garden' },
      { name: 'DoorbellPressed', camera: 'Front Door' },
    ]);
    const list = await waitFor(async () => ((await notifications()).result.length === 2 ? notifications() : null));
    expect(list.result.map((n) => [n.camera, n.type, n.trigger, n.room])).toEqual(
      expect.arrayContaining([
        ['Garden', 'motion', 'api', 'Outside'],
        ['Front Door', 'doorbell', 'api', 'Hall'],
      ]),
    );
    // motionTimeout (5 s) ends the Garden motion by itself
    clock.advance(5_000);
    expect(events.at(-1)).toEqual({ name: 'MotionEnded', camera: 'Garden' });
  });

  it('the trigger sink answers like the API: unknown, skipped, accepted; a reset ends motion', async () => {
    const sink = app.homecam.cameraEvents.sink();
    expect(await sink.motion('nope', 'http')).toMatchObject({ accepted: false, reason: 'unknownCamera' });
    expect(await sink.motion('Bedroom', 'mqtt')).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(await sink.motion('front door', 'smtp')).toMatchObject({ accepted: true });
    expect(app.homecam.cameraEvents.inMotion('Front Door')).toBe(true);
    expect(await sink.motionReset('Front Door', 'smtp')).toMatchObject({ accepted: true });
    expect(events.map((e) => e.name)).toEqual(['MotionStarted', 'MotionEnded']);
  });

  it('an object the detector found is ruled like motion, only while that motion lasts, and notifies with its label', async () => {
    const sink = app.homecam.cameraEvents.sink();
    const object = { label: 'person', score: 81.5, box: { x: 10, y: 20, width: 30, height: 60 }, frame: { width: 640, height: 360 }, reason: 'new' as const, at: clock.now(), image: Buffer.from('ffd8ffd9', 'hex') };
    // its motion event has ended (or never began): HomeKit and MQTT would be left ON with nothing to end them
    expect(app.homecam.cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(app.homecam.cameraEvents.objectDetected('Bedroom', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(app.homecam.cameraEvents.objectDetected('nope', object)).toMatchObject({ accepted: false, reason: 'unknownCamera' });
    await sink.motion('Front Door', 'http');
    expect(app.homecam.cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: true });
    await app.homecam.config.patchSection('atHome', true);
    expect(app.homecam.cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    await sink.motionReset('Front Door', 'http');
    expect(events.map((e) => e.name)).toEqual(['MotionStarted', 'ObjectDetected', 'MotionEnded']);
    const labelled = await waitFor(async () => (await notifications()).result.find((n) => n.label === 'person'));
    expect(labelled).toMatchObject({ camera: 'Front Door', type: 'motion', trigger: 'motion', labels: ['person'], timestamp: new Date(object.at).toISOString() });
  });

  it('only editors and admins trigger by API; triggers are listed for admins', async () => {
    expectError(await put('/api/cameras/Garden/motion/start', viewer), 403, 'FORBIDDEN');
    const triggers = await app.inject({ url: '/api/system/triggers', headers: bearer(admin) });
    expect(triggers.json<{ result: { name: string; status: string }[] }>().result.map((t) => [t.name, t.status])).toEqual([
      ['http', 'offline'],
      ['mqtt', 'offline'],
      ['smtp', 'offline'],
      ['ftp', 'offline'],
    ]);
  });
});

describe('notifications', () => {
  async function seed(): Promise<Notification[]> {
    const made: Notification[] = [];
    const service = app.homecam.notifications;
    const cameras = ['Front Door', 'Garden', 'Front Door', 'Garden', 'Front Door'];
    for (const [i, camera] of cameras.entries()) {
      const type = i === 4 ? 'doorbell' : 'motion';
      const n = await service.cameraEvent(type, camera, 'http', `e${i}`, Date.parse('2026-01-01T10:00:00Z') + i * 60_000);
      if (n) made.push(n);
    }
    made.push(await service.system('WARN', 'Recordings', 'disk nearly full'));
    return made;
  }

  it('filters by camera, room, type, label and time, pages by cursor (newest first)', async () => {
    await seed();
    expect((await notifications('?cameras=Garden')).result.map((n) => n.camera)).toEqual(['Garden', 'Garden']);
    expect((await notifications('?rooms=Hall&types=doorbell')).result).toHaveLength(1);
    expect((await notifications('?labels=motion&cameras=Front%20Door,Garden')).result).toHaveLength(4);
    expect((await notifications('?types=WARN')).result[0]).toMatchObject({ level: 'WARN', camera: null, title: 'Recordings' });
    const window = await notifications(`?from=2026-01-01T10:01:00Z&to=${Date.parse('2026-01-01T10:03:00Z')}`);
    expect(window.result.map((n) => n.timestamp)).toEqual(['2026-01-01T10:03:00.000Z', '2026-01-01T10:02:00.000Z', '2026-01-01T10:01:00.000Z']);

    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: NotificationList = await notifications(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.result.length).toBeLessThanOrEqual(2);
      seen.push(...page.result.map((n) => n.timestamp));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect((await app.inject({ url: '/api/notifications?limit=101', headers: bearer(viewer) })).statusCode).toBe(400);
  });

  it('sockets get notification + increaseNotification, removeNotification(id|null), and a right notificationSize', async () => {
    const socket = socketClient(url, viewer);
    const heard: [string, unknown][] = [];
    for (const name of ['notification', 'increaseNotification', 'removeNotification', 'notificationSize'] as const) {
      (socket as unknown as { on(e: string, l: (arg: unknown) => void): void }).on(name, (arg) => heard.push([name, arg]));
    }
    const stranger = socketClient(url, (await signedInUser(app, ['cameras:access'])).token);
    const strangerHeard: string[] = [];
    stranger.onAny((name: string) => strangerHeard.push(name));
    expect(await connectOutcome(socket)).toBe('connected');
    expect(await connectOutcome(stranger)).toBe('connected');
    await waitFor(() => heard.find(([name]) => name === 'notificationSize'));
    heard.length = 0;

    const started = Date.now();
    expect((await put('/api/cameras/Garden/motion/start')).json()).toMatchObject({ accepted: true });
    const arrived = await waitFor(() => heard.find(([name]) => name === 'notification'));
    console.log(`API trigger → socket notification: ${Date.now() - started} ms`);
    expect(arrived[1]).toMatchObject({ camera: 'Garden', type: 'motion', trigger: 'api', level: 'event' });
    await waitFor(() => heard.some(([name]) => name === 'increaseNotification'));

    const made = await seed();
    const one = made[0]!;
    // deleting needs the settings edit permission (or admin)
    expectError(await app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: bearer(viewer) }), 403, 'FORBIDDEN');
    expect((await app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: bearer(editor) })).statusCode).toBe(204);
    expectError(await app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: bearer(editor) }), 404, 'NOT_FOUND');
    await waitFor(() => heard.some(([name, arg]) => name === 'removeNotification' && arg === one.id));
    await waitFor(() => heard.some(([name, arg]) => name === 'notificationSize' && arg === 6));

    const two = made.slice(1, 3).map((n) => n.id);
    const several = await app.inject({ method: 'DELETE', url: '/api/notifications', headers: bearer(admin), payload: { ids: [...two, 'missing'] } });
    expect(several.json()).toEqual({ removed: 2 });
    await waitFor(() => heard.some(([name, arg]) => name === 'notificationSize' && arg === 4));
    expect((await app.inject({ url: `/api/notifications/${two[0]}`, headers: bearer(viewer) })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/notifications/${made[3]!.id}`, headers: bearer(viewer) })).json()).toMatchObject({ id: made[3]!.id });

    const all = await app.inject({ method: 'DELETE', url: '/api/notifications', headers: bearer(admin) });
    expect(all.json()).toEqual({ removed: 4 });
    await waitFor(() => heard.some(([name, arg]) => name === 'removeNotification' && arg === null));
    expect(await app.homecam.notifications.count()).toBe(0);
    expect(strangerHeard.filter((name) => name !== 'cameraState')).toEqual([]);
  });

  it('are removed after the configured hours by the sweep', async () => {
    await app.homecam.config.patchSection('notifications', { active: true, removeAfter: 1 });
    const service = app.homecam.notifications;
    await service.cameraEvent('motion', 'Garden', 'api', 'old', clock.now() - 2 * 3_600_000);
    const fresh = await service.cameraEvent('motion', 'Garden', 'api', 'new', clock.now());
    expect(await service.sweep()).toBe(1);
    expect((await notifications()).result.map((n) => n.id)).toEqual([fresh?.id]);
    await app.homecam.config.patchSection('notifications', { active: false, removeAfter: 1 });
    expect(await service.cameraEvent('motion', 'Garden', 'api', 'off', clock.now())).toBeNull();
    await app.homecam.config.patchSection('notifications', { active: true, removeAfter: 72 });
  });
});

describe('recordings: API and retention', () => {
  const DAY = 86_400_000;
  async function seedRecordings(): Promise<string[]> {
    const repo = app.homecam.repositories.recordings;
    const files = app.homecam.repositories.recordingFiles.at(app.homecam.repositories.recordingFiles.dir);
    const ids: string[] = [];
    // one 10 days old, then four within the last hour, oldest first; 1000 bytes each
    const times = [clock.now() - 10 * DAY, ...[4, 3, 2, 1].map((m) => clock.now() - m * 60_000)];
    for (const [i, at] of times.entries()) {
      const id = `rec${i}`;
      const file = `Garden/2026-01-01/${id}.mp4`;
      await files.write(file, Buffer.alloc(1000, i));
      await files.write(`Garden/2026-01-01/${id}.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      await repo.insert({
        id,
        camera: i % 2 ? 'Garden' : 'Front Door',
        room: i % 2 ? 'Outside' : 'Hall',
        trigger: 'http',
        type: i === 4 ? 'Snapshot' : 'Video',
        label: 'motion',
        labels: null,
        started_at: new Date(at).toISOString(),
        duration_ms: 1000,
        size_bytes: 1000,
        file,
        thumbnail: `Garden/2026-01-01/${id}.jpg`,
        status: 'complete',
        root: files.dir,
      });
      ids.push(id);
    }
    return ids;
  }

  it('lists with filters and cursor pages; deleting needs settings:recordings:edit and removes the files', async () => {
    const ids = await seedRecordings();
    const reader = (await signedInUser(app, ['recordings:access'])).token;
    const page1 = await app.inject({ url: '/api/recordings?limit=3', headers: bearer(reader) });
    const first = page1.json<RecordingList>();
    expect(first.result.map((r) => r.id)).toEqual(['rec4', 'rec3', 'rec2']);
    const page2 = (await app.inject({ url: `/api/recordings?limit=3&cursor=${first.nextCursor}`, headers: bearer(reader) })).json<RecordingList>();
    expect(page2).toEqual({ result: [expect.objectContaining({ id: 'rec1' }), expect.objectContaining({ id: 'rec0' })], nextCursor: null });
    const filtered = (await app.inject({ url: '/api/recordings?cameras=Garden&types=Video', headers: bearer(reader) })).json<RecordingList>();
    expect(filtered.result.map((r) => r.id)).toEqual(['rec3', 'rec1']);
    expect((await app.inject({ url: '/api/recordings', headers: bearer(viewer) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(reader), payload: { ids: ['rec1'] } })).statusCode).toBe(403);

    const deleter = (await signedInUser(app, ['settings:recordings:edit', 'recordings:access'])).token;
    const several = await app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(deleter), payload: { ids: ['rec1', 'rec2'] } });
    expect(several.json()).toEqual({ removed: 2 });
    expect((await app.inject({ url: '/files/recordings/Garden/2026-01-01/rec1.mp4', headers: bearer(reader) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/files/recordings/Garden/2026-01-01/rec3.mp4', headers: bearer(reader) })).statusCode).toBe(200);
    const all = await app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(deleter) });
    expect(all.json()).toEqual({ removed: ids.length - 2 });
    expect((await app.inject({ url: '/files/recordings/Garden/2026-01-01/rec3.mp4', headers: bearer(reader) })).statusCode).toBe(404);
  });

  it('retention: older than removeAfter days go quietly; over the maximum size the oldest go first, with a WARN notification; an unreachable free-space minimum deletes none', async () => {
    await seedRecordings();
    const removedEvents: (string[] | null)[] = [];
    const off = app.homecam.bus.subscribe('RecordingsRemoved', ({ ids }) => removedEvents.push(ids));
    try {
      const recordings = app.homecam.config.get().recordings;
      await app.homecam.config.patchSection('recordings', { ...recordings, active: false, removeAfter: 7, maxSizeGB: 2500 / 1024 ** 3 });
      expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 1, forSpace: 2 });
      expect(removedEvents).toEqual([['rec0'], ['rec1', 'rec2']]);
      const left = await app.homecam.repositories.recordings.all();
      expect(left.map((r) => r.id).sort()).toEqual(['rec3', 'rec4']);
      const warnings = await notifications('?types=WARN');
      expect(warnings.result).toHaveLength(1);
      expect(warnings.result[0]?.message).toMatch(/Deleted the 2 oldest recording/);
      // within the limit now: nothing more, no new warning
      expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 0 });
      expect((await notifications('?types=WARN')).result).toHaveLength(1);
      // a minimum free space the disk can never reach (the largest allowed, beyond any test disk): deleting every
      // recording would not reach it, so none go; an ERROR says why (before: all were deleted, then the ERROR)
      const disk = await statfs(app.homecam.repositories.recordingFiles.dir);
      expect(disk.blocks * disk.bsize).toBeLessThan(RECORDINGS_MIN_FREE_GB_LIMIT * 1024 ** 3);
      await app.homecam.config.patchSection('recordings', { ...recordings, active: false, removeAfter: 7, minFreeGB: RECORDINGS_MIN_FREE_GB_LIMIT });
      expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 0 });
      expect((await app.homecam.repositories.recordings.all()).map((r) => r.id).sort()).toEqual(['rec3', 'rec4']);
      expect(removedEvents).toHaveLength(2);
      expect((await notifications('?types=ERROR')).result[0]?.message).toMatch(/free on the recordings disk.*none deleted for free space/);
      expect((await notifications('?types=WARN')).result).toHaveLength(1);
      // a merge patch: null takes the limits out again
      await app.homecam.config.patchSection('recordings', { ...recordings, active: false, maxSizeGB: null, minFreeGB: null });
    } finally {
      off();
      await app.homecam.recordings.deleteMany(undefined);
    }
  });
});

describe('recorder with a trigger picture', () => {
  it('a Snapshot recording of an FTP/SMTP trigger keeps the JPEG that came with it', async () => {
    const recordings = app.homecam.config.get().recordings;
    await app.homecam.config.patchSection('recordings', { ...recordings, active: true, type: 'Snapshot' });
    try {
      app.homecam.cameraEvents.motionReset('Garden', 'api'); // a new event, not the continuation of an earlier one
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      expect(await app.homecam.cameraEvents.sink().motion('Garden', 'ftp', { image: jpeg })).toMatchObject({ accepted: true });
      await app.modules.recorder.recorder.idle();
      const rows = await app.homecam.repositories.recordings.all();
      expect(rows.map((r) => [r.type, r.status, r.trigger, r.size_bytes])).toEqual([['Snapshot', 'complete', 'ftp', jpeg.length]]);
      const reader = (await signedInUser(app, ['recordings:access'])).token;
      const file = await app.inject({ url: `/files/recordings/${rows[0]?.file ?? ''}`, headers: bearer(reader) });
      expect(file.rawPayload.equals(jpeg)).toBe(true);
      const note = await waitFor(async () => (await notifications('?cameras=Garden')).result[0]);
      expect(note).toMatchObject({ recordingId: rows[0]?.id, trigger: 'ftp' });
    } finally {
      await app.homecam.config.patchSection('recordings', { ...recordings });
      app.homecam.cameraEvents.motionReset('Garden', 'api');
      await app.homecam.recordings.deleteMany(undefined);
    }
  });
});

describe('recorder failures', () => {
  it('a clip that cannot be written raises an ERROR notification and its row is interrupted', async () => {
    const recordings = app.homecam.config.get().recordings;
    // An adopted directory that is then replaced by a file: the clip cannot be created. (A path below a file is
    // refused when it is set, so the directory breaks after adoption, as a disk that went away would.)
    const broken = join(dataDir, 'rec-broken');
    await app.homecam.config.patchSection('recordings', { ...recordings, active: true, type: 'Video', path: broken });
    await rm(broken, { recursive: true, force: true });
    await writeFile(broken, 'not a directory');
    try {
      expect((await put('/api/cameras/Garden/motion/start')).json()).toMatchObject({ accepted: true });
      const error = await waitFor(async () => (await notifications('?types=ERROR')).result[0], { message: 'the ERROR notification' });
      expect(error).toMatchObject({ level: 'ERROR', title: 'Recording failed' });
      expect(error.message).toMatch(/^Garden: /);
      await app.modules.recorder.recorder.idle();
      const rows = await app.homecam.repositories.recordings.all();
      expect(rows.map((r) => [r.camera, r.status])).toEqual([['Garden', 'interrupted']]);
    } finally {
      await app.homecam.config.patchSection('recordings', { ...recordings, path: recordings.path ?? null });
      app.homecam.cameraEvents.motionReset('Garden', 'api');
    }
  });
});
