import type { Notification, NotificationList } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { describe, expect, it } from 'vitest';
import { eventCamerasSuite } from './helpers/event-cameras.js';
import { expectError } from './helpers/http.js';
import { connectOutcome, socketClient } from './helpers/socket.js';
import { signedInUser } from './helpers/users.js';

/** Camera event rules (At Home, exclusions, privacy, the trigger sink) and the notifications they raise. */
const { suite, clock, events, put, notifications } = eventCamerasSuite();

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
    await suite.app.homecam.config.patchSection('atHome', true);
    await suite.app.homecam.config.patchSection('exclude', ['garden']);
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
    const sink = suite.app.homecam.cameraEvents.sink();
    expect(await sink.motion('nope', 'http')).toMatchObject({ accepted: false, reason: 'unknownCamera' });
    expect(await sink.motion('Bedroom', 'mqtt')).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(await sink.motion('front door', 'smtp')).toMatchObject({ accepted: true });
    expect(suite.app.homecam.cameraEvents.inMotion('Front Door')).toBe(true);
    expect(await sink.motionReset('Front Door', 'smtp')).toMatchObject({ accepted: true });
    expect(events.map((e) => e.name)).toEqual(['MotionStarted', 'MotionEnded']);
  });

  it('an object the detector found is ruled like motion, only while that motion lasts, and notifies with its label', async () => {
    const cameraEvents = suite.app.homecam.cameraEvents;
    const sink = cameraEvents.sink();
    const object = { label: 'person', score: 81.5, box: { x: 10, y: 20, width: 30, height: 60 }, frame: { width: 640, height: 360 }, reason: 'new' as const, at: clock.now(), image: Buffer.from('ffd8ffd9', 'hex') };
    // its motion event has ended (or never began): HomeKit and MQTT would be left ON with nothing to end them
    expect(cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(cameraEvents.objectDetected('Bedroom', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    expect(cameraEvents.objectDetected('nope', object)).toMatchObject({ accepted: false, reason: 'unknownCamera' });
    await sink.motion('Front Door', 'http');
    expect(cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: true });
    await suite.app.homecam.config.patchSection('atHome', true);
    expect(cameraEvents.objectDetected('Front Door', object)).toMatchObject({ accepted: false, reason: 'skipped' });
    await sink.motionReset('Front Door', 'http');
    expect(events.map((e) => e.name)).toEqual(['MotionStarted', 'ObjectDetected', 'MotionEnded']);
    const labelled = await waitFor(async () => (await notifications()).result.find((n) => n.label === 'person'));
    expect(labelled).toMatchObject({ camera: 'Front Door', type: 'motion', trigger: 'motion', labels: ['person'], timestamp: new Date(object.at).toISOString() });
  });

  it('only editors and admins trigger by API; triggers are listed for admins', async () => {
    expectError(await put('/api/cameras/Garden/motion/start', suite.token.viewer), 403, 'FORBIDDEN');
    const triggers = await suite.app.inject({ url: '/api/system/triggers', headers: suite.bearer('admin') });
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
    const service = suite.app.homecam.notifications;
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
    expect((await suite.app.inject({ url: '/api/notifications?limit=101', headers: suite.bearer('viewer') })).statusCode).toBe(400);
  });

  it('sockets get notification + increaseNotification, removeNotification(id|null), and a right notificationSize', async () => {
    const socket = socketClient(suite.url, suite.token.viewer);
    const heard: [string, unknown][] = [];
    for (const name of ['notification', 'increaseNotification', 'removeNotification', 'notificationSize'] as const) {
      (socket as unknown as { on(e: string, l: (arg: unknown) => void): void }).on(name, (arg) => heard.push([name, arg]));
    }
    const stranger = socketClient(suite.url, (await signedInUser(suite.app, ['cameras:access'])).token);
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
    expectError(await suite.app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: suite.bearer('viewer') }), 403, 'FORBIDDEN');
    expect((await suite.app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: suite.bearer('editor') })).statusCode).toBe(204);
    expectError(await suite.app.inject({ method: 'DELETE', url: `/api/notifications/${one.id}`, headers: suite.bearer('editor') }), 404, 'NOT_FOUND');
    await waitFor(() => heard.some(([name, arg]) => name === 'removeNotification' && arg === one.id));
    await waitFor(() => heard.some(([name, arg]) => name === 'notificationSize' && arg === 6));

    const two = made.slice(1, 3).map((n) => n.id);
    const several = await suite.app.inject({ method: 'DELETE', url: '/api/notifications', headers: suite.bearer('admin'), payload: { ids: [...two, 'missing'] } });
    expect(several.json()).toEqual({ removed: 2 });
    await waitFor(() => heard.some(([name, arg]) => name === 'notificationSize' && arg === 4));
    expect((await suite.app.inject({ url: `/api/notifications/${two[0]}`, headers: suite.bearer('viewer') })).statusCode).toBe(404);
    expect((await suite.app.inject({ url: `/api/notifications/${made[3]!.id}`, headers: suite.bearer('viewer') })).json()).toMatchObject({ id: made[3]!.id });

    const all = await suite.app.inject({ method: 'DELETE', url: '/api/notifications', headers: suite.bearer('admin') });
    expect(all.json()).toEqual({ removed: 4 });
    await waitFor(() => heard.some(([name, arg]) => name === 'removeNotification' && arg === null));
    expect(await suite.app.homecam.notifications.count()).toBe(0);
    expect(strangerHeard.filter((name) => name !== 'cameraState')).toEqual([]);
  });

  it('are removed after the configured hours by the sweep', async () => {
    await suite.app.homecam.config.patchSection('notifications', { active: true, removeAfter: 1 });
    const service = suite.app.homecam.notifications;
    await service.cameraEvent('motion', 'Garden', 'api', 'old', clock.now() - 2 * 3_600_000);
    const fresh = await service.cameraEvent('motion', 'Garden', 'api', 'new', clock.now());
    expect(await service.sweep()).toBe(1);
    expect((await notifications()).result.map((n) => n.id)).toEqual([fresh?.id]);
    await suite.app.homecam.config.patchSection('notifications', { active: false, removeAfter: 1 });
    expect(await service.cameraEvent('motion', 'Garden', 'api', 'off', clock.now())).toBeNull();
    await suite.app.homecam.config.patchSection('notifications', { active: true, removeAfter: 72 });
  });
});
