import type { CameraStatus, Notification, Recording } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { CameraScope } from '../src/services/camera-scope.js';
import { archiveEntries, download } from './helpers/backup.js';
import { limitedUser, seedCameraData, SMALL_DEMO } from './helpers/camera-scope.js';
import { FakePushService, PushClient } from './helpers/fake-push-service.js';
import { errorCode } from './helpers/http.js';
import { closeAllLive, openLive } from './helpers/live.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 21, cameras per user, on what lasts: a live stream (MSE or WebRTC) of a camera outside the list is refused
 * as if the camera did not exist, and one that leaves the list closes at once; socket events and web pushes of
 * other cameras never reach the user; their backup holds only their cameras.
 */
let app: HomecamApp;
let url: string;
let fake: FakePushService;
let admin: string;
const [SEEN, UNSEEN] = ['Porch', 'Back Yard'];

beforeAll(async () => {
  fake = await FakePushService.start();
  app = await createTestApp({ live: { authTimeoutMs: 2_000 }, allowHttpPushEndpoints: true, push: { subject: 'mailto:t@example.com', timeoutMs: 5_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  for (const name of [SEEN, UNSEEN]) await app.homecam.cameras.create({ name, videoConfig: { source: SMALL_DEMO }, motionTimeout: 0 });
});
afterAll(async () => {
  closeAllLive();
  closeAllSockets();
  await app?.close();
  await fake?.close();
});

const setCameras = async (userId: number, cameras: string[] | null): Promise<void> => {
  const response = await app.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers: bearer(admin), payload: { cameras } });
  expect(response.statusCode).toBe(200);
};

describe('live streams of a limited user', () => {
  it('a camera outside the list is not found, over MSE and WebRTC alike', async () => {
    const { token } = await limitedUser(app, ['cameras:access'], [SEEN]);
    for (const transport of ['mse', 'webrtc'] as const) {
      const live = openLive(url, UNSEEN, { token, transport });
      expect((await live.closed).code).toBe(4404);
      expect(live.texts().find((m) => m.type === 'error')).toMatchObject({ code: 'CAMERA_NOT_FOUND' });
    }
  });

  it('a stream whose camera leaves the list closes at once; one that stays plays on', async () => {
    const { user, token } = await limitedUser(app, ['cameras:access'], [SEEN, UNSEEN]);
    const leaving = openLive(url, UNSEEN, { token });
    const staying = openLive(url, SEEN, { token });
    await leaving.next((event) => event.kind === 'fragment', { message: 'the first fragment', timeoutMs: 20_000 });
    await staying.next((event) => event.kind === 'fragment', { message: 'the first fragment', timeoutMs: 20_000 });
    const startedAt = Date.now();
    await setCameras(user.id, [SEEN]);
    expect((await leaving.closed).code).toBe(4404);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(leaving.texts().find((m) => m.type === 'error')).toMatchObject({ code: 'CAMERA_NOT_FOUND' });
    const from = staying.events.length;
    await staying.next((event) => event.kind === 'fragment', { from, message: 'fragments after the change' });
  });
});

describe('socket events of a limited user', () => {
  it('camera states, notifications and recordings of other cameras never arrive; a new list applies at once', async () => {
    const { user, token } = await limitedUser(app, ['cameras:access', 'notifications:access', 'recordings:access'], [SEEN]);
    const socket = socketClient(url, token);
    const heard: string[] = [];
    const sizes: number[] = [];
    socket.on('cameraState', (status: CameraStatus) => heard.push(`state ${status.name}`));
    socket.on('notification', (notification: Notification) => heard.push(`notification ${notification.camera ?? 'system'}`));
    socket.on('recording', (recording: Recording) => heard.push(`recording ${recording.camera}`));
    socket.on('notificationSize', (size) => sizes.push(size));
    socket.on('exportProgress', (job) => heard.push(`export ${job.camera}`));
    const watcher = socketClient(url, admin);
    const watched: string[] = [];
    watcher.on('notification', (notification: Notification) => watched.push(notification.camera ?? 'system'));
    expect(await connectOutcome(socket)).toBe('connected');
    expect(await connectOutcome(watcher)).toBe('connected');
    await waitFor(() => sizes.length > 0, { message: 'the badge count on connect' });
    expect(heard.filter((line) => line.startsWith('state'))).toEqual([`state ${SEEN}`]);

    let n = 0;
    const notify = (camera: string) => app.homecam.notifications.cameraEvent('motion', camera, 'api', `scope-${++n}`, Date.now());
    const recording = (camera: string) => app.homecam.bus.publish('RecordingCompleted', { recording: { id: `r${++n}`, camera, room: 'Default', label: 'motion', trigger: 'api', type: 'Snapshot', status: 'complete', startedAt: '', durationMs: 0, sizeBytes: 0, file: '', thumbnail: null } });
    await notify(UNSEEN);
    await app.homecam.notifications.system('WARN', `${UNSEEN} offline`, 'a system line may name any camera');
    recording(UNSEEN);
    app.homecam.bus.publish('CameraStateChanged', { status: { ...app.homecam.streams.status(UNSEEN) } });
    const progress = (camera: string) => app.homecam.bus.publish('ExportProgress', { job: { id: `e${++n}`, name: 'x', camera, from: 0, to: 1, status: 'running', progress: 0.5, bytes: 0, durationMs: 0, ownerId: user.id, createdAt: 0, error: null, download: null } });
    progress(UNSEEN);
    await notify(SEEN);
    recording(SEEN);
    progress(SEEN);
    // The admin heard all three notifications, in order; the limited socket's events were sent in the same order.
    await waitFor(() => watched.length === 3 && heard.includes(`export ${SEEN}`), { message: 'the events to arrive' });
    expect(heard.filter((line) => !line.startsWith('state'))).toEqual([`notification ${SEEN}`, `recording ${SEEN}`, `export ${SEEN}`]);

    sizes.length = 0;
    await setCameras(user.id, [UNSEEN]);
    await waitFor(() => sizes.length > 0, { message: 'the badge recounted for the new list' });
    expect(sizes).toEqual([await app.homecam.notifications.count(CameraScope.of({ permissions: [], cameras: [UNSEEN] }))]);
    expect(sizes[0]).toBeLessThan(await app.homecam.notifications.count());
    heard.length = 0;
    watched.length = 0;
    await notify(SEEN);
    await notify(UNSEEN);
    await waitFor(() => watched.length === 2 && heard.length === 1, { message: 'the events after the change' });
    expect(heard).toEqual([`notification ${UNSEEN}`]);
  });
});

describe('web push of a limited user', () => {
  it('a doorbell of another camera is not pushed to their devices', async () => {
    const subscribe = async (token: string): Promise<string> => {
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      const response = await app.inject({ method: 'POST', url: '/api/subscribe', headers: bearer(token), payload: new PushClient(`${fake.origin}${path}`).subscription() });
      expect(response.statusCode).toBe(201);
      return path;
    };
    const guest = await limitedUser(app, ['recordings:access', 'notifications:access'], [SEEN]);
    const limited = await subscribe(guest.token);
    const everyone = await subscribe((await signedInUser(app, ['recordings:access', 'notifications:access'])).token);
    const ring = (camera: string) => app.inject({ method: 'PUT', url: `/api/cameras/${encodeURIComponent(camera)}/doorbell`, headers: bearer(admin) });
    const unseenArrives = fake.next(everyone);
    expect((await ring(UNSEEN)).statusCode).toBe(200);
    await unseenArrives;
    const seenArrives = [fake.next(everyone), fake.next(limited)];
    expect((await ring(SEEN)).statusCode).toBe(200);
    await Promise.all(seenArrives);
    expect(fake.received.filter((push) => push.path === limited)).toHaveLength(1);
    expect(fake.received.filter((push) => push.path === everyone)).toHaveLength(2);
    // The test alert a user sends to their own devices names no camera: it still reaches a limited user.
    const test = { id: 'test-1', camera: null, room: null, type: 'custom', level: 'event', title: 'HomeCam', message: 'test', label: null, trigger: null, recordingId: null, thumbnail: null, timestamp: new Date().toISOString() } as const;
    expect((await app.homecam.push.deliveriesFor(test, guest.user.id)).map((delivery) => delivery.recipient.userId)).toEqual([guest.user.id]);
    expect((await app.homecam.push.deliveriesFor(test)).map((delivery) => delivery.recipient.userId)).not.toContain(guest.user.id);
  });
});

describe('the backup of a limited user', () => {
  it('holds only their cameras: config, rows and recording files; they may not restore', async () => {
    const { user, token } = await limitedUser(app, ['backup:download', 'backup:restore'], [SEEN]);
    await seedCameraData(app, SEEN, user.id);
    const unseen = await seedCameraData(app, UNSEEN, user.id);
    const entries = await archiveEntries(await download(app, token, '?recordings=true'));
    const paths = entries.map((entry) => entry.path);
    expect(paths.some((path) => path.startsWith('recordings/Porch/'))).toBe(true);
    expect(paths.filter((path) => /Back_Yard/.test(path))).toEqual([]);
    const config = JSON.parse(entries.find((entry) => entry.path === 'config.json')?.body?.toString() ?? '{}') as { cameras: { name: string }[] };
    expect(config.cameras.map((camera) => camera.name)).toEqual([SEEN]);
    const database = Buffer.from(entries.find((entry) => entry.path === 'database.sqlite')?.body ?? '');
    for (const secret of [UNSEEN, unseen.notification, unseen.recording, unseen.segment, unseen.review, unseen.export]) {
      expect(database.includes(Buffer.from(secret)), `the database copy holds ${secret}`).toBe(false);
    }
    expect(database.includes(Buffer.from(SEEN))).toBe(true);
    const restore = await app.inject({ method: 'POST', url: '/api/backup/restore', headers: bearer(token) });
    expect([restore.statusCode, errorCode(restore)]).toEqual([403, 'FORBIDDEN']);
  });
});
