import { APP_VERSION } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { LogCapture } from './helpers/log-capture.js';
import { startBroker, subscriber, type Received, type TestBroker } from './helpers/mqtt-broker.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * MQTT publishing with Home Assistant discovery through the whole app, against a real broker (aedes) that wants a
 * login: discovery retained for a late subscriber, states, doorbell, snapshot bytes, camera.ui's JSON on the
 * camera's topic, privacy commands, removed cameras, odd names, LWT, and the password nowhere.
 */
const PASSWORD = 'Br0ker$ecret-pw';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('homecam-event-frame'), Buffer.from([0xff, 0xd9])]);
const logs = new LogCapture();
let app: HomecamApp;
let broker: TestBroker;
let admin: string;

const camera = (name: string, extra: object = {}) => ({ name, videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0, ...extra });

beforeAll(async () => {
  broker = await startBroker({ username: 'homecam', password: PASSWORD });
  const dataDir = await makeDataDir({
    recordings: { active: false },
    mqtt: { active: true, host: '127.0.0.1', port: broker.port, username: 'homecam', password: PASSWORD },
    cameras: [
      camera('Front Door', { manufacturer: 'Reolink', model: 'RLC-510A', mqtt: { motionTopic: 'cams/front', doorbellTopic: 'cams/front/ring' } }),
      camera('Garage 1 +Side! Yard', { mqttTopic: 'house/garage/state' }),
      camera('Garage 1 Side Yard'),
    ],
  });
  app = await createTestApp({ dataDir, logLevel: 'debug', logStream: logs, triggers: { mqtt: { reconnectPeriodMs: 200 } } });
  admin = (await signedInUser(app, ['admin'])).token;
  await waitFor(() => app.modules.triggers.triggers.list().find((t) => t.name === 'mqtt')?.status === 'online', { message: 'the MQTT trigger online' });
});

afterAll(async () => {
  await app?.close();
  await broker?.close();
});

const DISCOVERY = [
  'homeassistant/binary_sensor/homecam_front_door/motion/config',
  'homeassistant/event/homecam_front_door/doorbell/config',
  'homeassistant/camera/homecam_front_door/snapshot/config',
  'homeassistant/switch/homecam_front_door/privacy/config',
];

/** A new subscriber (Home Assistant after a restart): resolves when `ready` holds for what the broker kept, else null. */
async function lateSubscriber(topics: string[], ready: (messages: Received[]) => boolean) {
  const late = await subscriber(broker.port, topics);
  const ok = await waitFor(() => ready(late.messages), { timeoutMs: 1_000 }).catch(() => false);
  if (ok) return late;
  await late.client.endAsync();
  return null;
}

describe('MQTT publishing and Home Assistant discovery', () => {
  it('retains discovery, availability and states for a subscriber that comes later (Home Assistant after a restart)', async () => {
    const ready = (m: Received[]) => DISCOVERY.every((t) => m.some((x) => x.retain && x.topic === t)) && m.some((x) => x.retain && x.topic === 'homecam/front_door/privacy');
    const late = await waitFor(() => lateSubscriber(['homeassistant/#', 'homecam/#'], ready), { message: 'retained discovery configs' });
    const json = (topic: string) => JSON.parse(late.last(topic)?.payload.toString() ?? 'null') as Record<string, unknown>;
    const device = { identifiers: ['homecam_front_door'], name: 'Front Door', manufacturer: 'Reolink', model: 'RLC-510A', sw_version: APP_VERSION };
    const availability = [{ topic: 'homecam/available', payload_available: 'online', payload_not_available: 'offline' }];
    expect(json(DISCOVERY[0]!)).toMatchObject({ unique_id: 'homecam_front_door_motion', device_class: 'motion', state_topic: 'homecam/front_door/motion', payload_on: 'ON', payload_off: 'OFF', device, availability });
    expect(json(DISCOVERY[1]!)).toMatchObject({ unique_id: 'homecam_front_door_doorbell', device_class: 'doorbell', event_types: ['ring'], state_topic: 'homecam/front_door/doorbell', device, availability });
    expect(json(DISCOVERY[2]!)).toMatchObject({ unique_id: 'homecam_front_door_snapshot', topic: 'homecam/front_door/snapshot', device, availability });
    expect(json(DISCOVERY[3]!)).toMatchObject({ unique_id: 'homecam_front_door_privacy', state_topic: 'homecam/front_door/privacy', command_topic: 'homecam/front_door/privacy/set', device, availability });
    expect(late.last('homecam/available')?.payload.toString()).toBe('online');
    expect(late.last('homecam/front_door/motion')?.payload.toString()).toBe('OFF');
    expect(late.last('homecam/front_door/privacy')?.payload.toString()).toBe('OFF');
    // odd names: slugged to a-z0-9_, never a wildcard or a level separator; two names that slug alike stay apart
    const topics = late.messages.map((m) => m.topic);
    expect(topics).toContain('homeassistant/binary_sensor/homecam_garage_1_side_yard/motion/config');
    expect(topics).toContain('homeassistant/binary_sensor/homecam_garage_1_side_yard_2/motion/config');
    expect(topics.every((t) => !/[+#]/.test(t) && /^[a-z0-9_/]+$/.test(t))).toBe(true);
    await late.client.endAsync();
  });

  it('motion ON then OFF (retained), camera.ui JSON on the camera topic, doorbell event and the event JPEG as snapshot', async () => {
    const sub = await subscriber(broker.port, ['homecam/front_door/#', 'camera.ui/motion', 'house/garage/state']);
    const since = sub.messages.length;
    const fresh = () => sub.messages.slice(since).filter((m) => !m.retain);
    app.homecam.bus.publish('MotionStarted', { camera: 'Front Door', source: 'ftp', at: Date.now(), image: JPEG, continued: false, eventId: 'e1' });
    await waitFor(() => fresh().some((m) => m.topic === 'homecam/front_door/snapshot'), { message: 'the snapshot' });
    expect(fresh().find((m) => m.topic === 'homecam/front_door/motion')?.payload.toString()).toBe('ON');
    expect(fresh().find((m) => m.topic === 'homecam/front_door/snapshot')?.payload.equals(JPEG)).toBe(true);
    expect(JSON.parse(fresh().find((m) => m.topic === 'camera.ui/motion')?.payload.toString() ?? '')).toEqual({ camera: 'Front Door', state: true, type: 'motion', event: 'ftp' });

    app.homecam.bus.publish('MotionEnded', { camera: 'Front Door', source: 'ftp', at: Date.now(), reason: 'reset' });
    await waitFor(() => fresh().filter((m) => m.topic === 'homecam/front_door/motion').length === 2, { message: 'motion OFF' });
    expect(fresh().filter((m) => m.topic === 'homecam/front_door/motion').map((m) => m.payload.toString())).toEqual(['ON', 'OFF']);
    expect(JSON.parse(fresh().filter((m) => m.topic === 'camera.ui/motion')[1]?.payload.toString() ?? '')).toEqual({ camera: 'Front Door', state: false, type: 'motion', event: 'ftp' });

    // the doorbell through the MQTT trigger: the HA event and camera.ui's JSON, on the camera's own topic
    await sub.client.publishAsync('cams/front/ring', 'ON');
    await waitFor(() => fresh().some((m) => m.topic === 'homecam/front_door/doorbell'), { message: 'the doorbell event' });
    expect(JSON.parse(fresh().find((m) => m.topic === 'homecam/front_door/doorbell')?.payload.toString() ?? '')).toEqual({ event_type: 'ring' });
    await waitFor(() => fresh().filter((m) => m.topic === 'camera.ui/motion').length === 3, { message: 'doorbell JSON' });
    expect(JSON.parse(fresh().filter((m) => m.topic === 'camera.ui/motion')[2]?.payload.toString() ?? '')).toEqual({ camera: 'Front Door', state: true, type: 'doorbell', event: 'mqtt' });

    app.homecam.bus.publish('MotionStarted', { camera: 'Garage 1 +Side! Yard', source: 'http', at: Date.now(), image: JPEG, continued: false, eventId: 'e2' });
    await waitFor(() => fresh().some((m) => m.topic === 'house/garage/state'), { message: "the camera's own mqttTopic" });
    expect(JSON.parse(fresh().find((m) => m.topic === 'house/garage/state')?.payload.toString() ?? '')).toEqual({ camera: 'Garage 1 +Side! Yard', state: true, type: 'motion', event: 'http' });
    await sub.client.endAsync();
  });

  it('a privacy command from MQTT switches the camera as the web UI does, and the state is echoed', async () => {
    const sub = await subscriber(broker.port, ['homecam/front_door/privacy']);
    await sub.client.publishAsync('homecam/front_door/privacy/set', 'ON');
    await waitFor(async () => (await app.inject({ url: '/api/cameras/Front%20Door', headers: bearer(admin) })).json<{ privacyMode: boolean }>().privacyMode, { message: 'privacy on in the API' });
    await waitFor(() => sub.messages.some((m) => !m.retain && m.payload.toString() === 'ON'), { message: 'privacy ON echoed' });
    // switched back from the web UI: the state follows
    await app.inject({ method: 'PATCH', url: '/api/cameras/Front%20Door', headers: bearer(admin), payload: { privacyMode: false } });
    await waitFor(() => sub.last('homecam/front_door/privacy')?.payload.toString() === 'OFF', { message: 'privacy OFF published' });
    await sub.client.publishAsync('homecam/front_door/privacy/set', 'maybe');
    await waitFor(() => logs.text.includes('MQTT privacy command ignored'), { message: 'a bad command logged' });
    expect((await app.inject({ url: '/api/cameras/Front%20Door', headers: bearer(admin) })).json<{ privacyMode: boolean }>().privacyMode).toBe(false);
    await sub.client.endAsync();
  });

  it("a removed camera's discovery configs are deleted (empty retained payload)", async () => {
    const removed = await app.inject({ method: 'DELETE', url: '/api/cameras/Garage%201%20Side%20Yard', headers: bearer(admin) });
    expect(removed.statusCode).toBeLessThan(300);
    const configs = (m: Received[]) => m.filter((x) => x.retain && x.topic.startsWith('homeassistant/')).length;
    // 2 cameras × 4 configs retained: the removed one's were cleared (an empty retained payload deletes them)
    const late = await waitFor(() => lateSubscriber(['homeassistant/#'], (m) => configs(m) === 8), { message: 'the removed camera gone' });
    expect(late.messages.some((m) => m.topic.includes('homecam_garage_1_side_yard_2'))).toBe(false);
    expect(late.messages.some((m) => m.topic.includes('homecam_garage_1_side_yard/'))).toBe(true);
    await late.client.endAsync();
  });

  it('the broker marks HomeCam offline (LWT) when its connection dies uncleanly; online again after reconnecting', async () => {
    const sub = await subscriber(broker.port, ['homecam/available']);
    await waitFor(() => sub.last('homecam/available')?.payload.toString() === 'online', { message: 'online' });
    for (const [socket, id] of broker.sockets) if (id.startsWith('homecam_')) socket.destroy();
    await waitFor(() => sub.messages.some((m) => m.payload.toString() === 'offline'), { message: 'the last will' });
    await waitFor(() => sub.last('homecam/available')?.payload.toString() === 'online', { message: 'online after reconnect' });
    await sub.client.endAsync();
  });

  it('never shows the broker password in the log or the trigger status', async () => {
    const status = await app.inject({ url: '/api/system/triggers', headers: bearer(admin) });
    expect(status.statusCode).toBe(200);
    expect(status.body).not.toContain(PASSWORD);
    expect(logs.text).toContain('MQTT');
    expect(logs.text).not.toContain(PASSWORD);
  });
});
