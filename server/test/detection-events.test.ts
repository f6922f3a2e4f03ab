import type { Notification, Recording } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import jpeg from 'jpeg-js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { DomainEvents } from '../src/events/event-bus.js';
import { verifyWebhook } from '../src/alerts/webhook/signature.js';
import { startReceiver, type Receiver } from './helpers/alert-receivers.js';
import { startBroker, subscriber, type TestBroker } from './helpers/mqtt-broker.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Object detection through the whole app (issue 20), real parts only: the camera simulator serves a real clip
 * (8 s of OpenCV's vtest.avi, people walking) over RTSP → the hub → the motion decoder (colour too) → the detector
 * pool (CenterNet in a worker) → CameraEventService → the one event path: a "person" notification with the boxed
 * picture, a labelled recording, the signed webhook (a local receiver) and MQTT (an in-process broker, Home Assistant
 * discovery). A second camera on the same stream counts people only in a zone where nobody walks: it is looked at,
 * and nothing of it reaches a channel, not even its bare motion.
 */
const CLIP = join(import.meta.dirname, 'fixtures', 'detection', 'vtest-8s.mp4');
/** The outline colour the worker draws boxes in (detection/jpeg.ts). */
const OUTLINE = [255, 64, 0] as const;

let sim: CameraSimulator;
let broker: TestBroker;
let receiver: Receiver;
let app: HomecamApp;
let admin: string;
let ha: Awaited<ReturnType<typeof subscriber>>;
const objects: DomainEvents['ObjectDetected'][] = [];

beforeAll(async () => {
  [sim, broker, receiver] = await Promise.all([startCameraSimulator({ cameras: 1, names: ['street'], clip: { main: CLIP } }), startBroker(), startReceiver()]);
  const source = sim.cameras[0]!.mainUrl;
  // sensitivity 100: any changed pixel is motion, as in detection-motion.test.ts
  const videoanalysis = { active: true, sensitivity: 100, difference: 15, dwellTimer: 60 };
  // zone 0: a sliver of sky at the top right where nobody walks; zone 1: the whole picture
  const regions = [{ coords: [[95, 0], [100, 0], [100, 3], [95, 3]] }, { coords: [[0, 0], [100, 0], [100, 100], [0, 100]] }];
  const dataDir = await makeDataDir();
  const config = {
    recordings: { active: true, type: 'Video' },
    notifications: { webhook: { active: true } },
    mqtt: { active: true, host: '127.0.0.1', port: broker.port, publish: { active: true, discovery: true } },
    cameras: [
      // objectDetection not set: on because motion detection is, with the default labels
      { name: 'Street', videoConfig: { source }, videoanalysis, recordingTimer: 2, webhookUrl: `${receiver.url}/hook` },
      {
        name: 'Sky', videoConfig: { source }, videoanalysis: { ...videoanalysis, regions }, recordingTimer: 2, webhookUrl: `${receiver.url}/hook`,
        objectDetection: { labels: ['person'], zones: { person: [0] } },
      },
    ],
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  app = await createTestApp({ dataDir, recorder: { maxClipMs: 6_000 }, objectDetection: { poolSize: 1 } });
  app.homecam.bus.subscribe('ObjectDetected', (event) => objects.push(event));
  admin = (await signedInUser(app, ['admin'])).token;
  ha = await subscriber(broker.port, ['homecam/#', 'homeassistant/#']);
}, 120_000);

afterAll(async () => {
  await ha?.client.endAsync();
  await app?.close();
  await Promise.all([sim?.close(), broker?.close(), receiver?.close()]);
});

async function notifications(camera: string): Promise<Notification[]> {
  const response = await app.inject({ url: `/api/notifications?cameras=${camera}`, headers: bearer(admin) });
  return response.json<{ result: Notification[] }>().result;
}

const hooksOf = (camera: string) => receiver.requests.filter((r) => (JSON.parse(r.body) as { camera?: string }).camera === camera);
const mqttOn = (topic: string) => ha.messages.some((m) => m.topic === topic && m.payload.toString() === 'ON');

/** Whether most pixels along the top edge of the box have the outline's colour (JPEG blurs a 2-pixel line). */
function outlined(image: Buffer, box: { x: number; y: number; width: number }): boolean {
  const { width, data } = jpeg.decode(image, { useTArray: true, formatAsRGBA: false });
  const y = Math.round(box.y);
  let hits = 0;
  let count = 0;
  for (let x = Math.round(box.x + 2); x < Math.round(box.x + box.width - 2); x++, count++) {
    const i = (y * width + x) * 3;
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > OUTLINE[0] - 80 && g < OUTLINE[1] + 90 && b < OUTLINE[2] + 90) hits += 1;
  }
  return count > 0 && hits / count > 0.6;
}

describe('object events through the app', () => {
  it('people in the clip become person events: notification, labelled recording, webhook and MQTT; the zone that excludes them stays silent', { timeout: 240_000 }, async () => {
    const person = await waitFor(async () => (await notifications('Street')).find((n) => n.label === 'person'), { timeoutMs: 180_000, intervalMs: 500, message: 'a person notification' });
    expect(app.modules.detection.objects.status()).toMatchObject({ state: 'running', model: 'centernet-mobilenetv3' });
    expect(person).toMatchObject({ camera: 'Street', type: 'motion', trigger: 'motion', labels: ['person'] });
    // Bare motion of a camera the detector watches is no notification of its own: every one is an object's.
    expect((await notifications('Street')).filter((n) => !n.labels?.length)).toEqual([]);

    // The event: a person box inside the picture, the picture with that box drawn.
    const seen = objects.find((e) => e.camera === 'Street' && e.label === 'person' && e.at === Date.parse(person.timestamp));
    expect(seen).toBeDefined();
    expect(seen!.score).toBeGreaterThanOrEqual(45);
    expect(seen!.box.x + seen!.box.width).toBeLessThanOrEqual(768);
    expect(outlined(seen!.image, seen!.box), 'the box drawn').toBe(true);

    // The recording holds the event and carries the label; the label filter finds it.
    expect(person.recordingId).not.toBeNull();
    const recording = await waitFor(async () => {
      const list = (await app.inject({ url: '/api/recordings?cameras=Street&labels=person', headers: bearer(admin) })).json<{ result: Recording[] }>().result;
      return list.find((r) => r.id === person.recordingId && r.status === 'complete');
    }, { timeoutMs: 30_000, intervalMs: 250, message: 'the labelled recording' });
    expect(recording.type).toBe('Video');
    expect(recording.labels).toContain('person');
    expect(recording.durationMs).toBeGreaterThan(0);

    // The webhook: the notification, labelled, signed with the install's secret.
    const hook = await waitFor(() => hooksOf('Street').find((r) => (JSON.parse(r.body) as { id: string }).id === person.id), { timeoutMs: 30_000, message: 'the webhook' });
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'motion', camera: 'Street', labels: ['person'] });
    const settings = await app.inject({ url: '/api/settings/notifications/webhook', headers: bearer(admin) });
    const secret = settings.json<{ secret: string }>().secret;
    expect(verifyWebhook(secret, String(hook.headers['x-homecam-timestamp']), hook.body, String(hook.headers['x-homecam-signature']))).toBe(true);

    // MQTT: the person sensor ON, announced to Home Assistant; the snapshot is a boxed picture of an object event.
    await waitFor(() => mqttOn('homecam/street/object/person'), { timeoutMs: 30_000, message: 'the person sensor ON' });
    const discovery = ha.last('homeassistant/binary_sensor/homecam_street/object_person/config');
    expect(JSON.parse(discovery!.payload.toString())).toMatchObject({ device_class: 'occupancy', state_topic: 'homecam/street/object/person' });
    await waitFor(() => ha.messages.some((m) => m.topic === 'homecam/street/snapshot' && objects.some((e) => e.image.equals(m.payload))), { timeoutMs: 30_000, message: 'the boxed snapshot' });

    // The zoned camera: motion (its recording starts) and frames looked at, but nobody stands in its zone.
    await waitFor(() => (app.modules.detection.objects.status().stats?.takenBy.Sky ?? 0) >= 4, { timeoutMs: 60_000, intervalMs: 250, message: 'frames of Sky looked at' });
    await app.modules.alerts.pipeline.idle();
    expect(mqttOn('homecam/sky/motion'), 'Sky in motion').toBe(true);
    expect(objects.filter((e) => e.camera === 'Sky')).toEqual([]);
    expect(await notifications('Sky')).toEqual([]);
    expect(hooksOf('Sky')).toEqual([]);
    expect(mqttOn('homecam/sky/object/person')).toBe(false);

    // The motion ends (as the detector's dwell would end it): the person sensor goes OFF with it.
    app.homecam.cameraEvents.motionReset('Street', 'motion');
    await waitFor(() => ha.last('homecam/street/object/person')?.payload.toString() === 'OFF', { timeoutMs: 10_000, message: 'the person sensor OFF' });
  });
});
