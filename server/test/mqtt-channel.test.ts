import type { Notification } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMqttChannel } from '../src/alerts/mqtt/index.js';
import { TransientAlertError, type Alert } from '../src/alerts/channel.js';
import type { HomecamApp } from '../src/app.js';
import { startBroker, subscriber, type TestBroker } from './helpers/mqtt-broker.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { ALL_BUT_ADMIN, bearer, signedInUser } from './helpers/users.js';

/** The 'mqtt' alert channel (QoS 1 delivery, "send a test") and Settings → Notifications → MQTT, against a real broker. */
const PASSWORD = 'Chann3l-broker-pw';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.from('alert-frame'), Buffer.from([0xff, 0xd9])]);
let app: HomecamApp;
let broker: TestBroker;

beforeAll(async () => {
  broker = await startBroker({ username: 'homecam', password: PASSWORD });
  const dataDir = await makeDataDir({
    recordings: { active: false },
    mqtt: { active: true, host: '127.0.0.1', port: broker.port, username: 'homecam', password: PASSWORD, publish: { baseTopic: 'home/cams' } },
    cameras: [{ name: 'Back Yard', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, mqttTopic: 'yard/state' }],
  });
  app = await createTestApp({ dataDir, triggers: { mqtt: { reconnectPeriodMs: 200 } } });
  await waitFor(() => app.modules.triggers.triggers.mqttConnected(), { message: 'connected' });
});

afterAll(async () => {
  await app?.close();
  await broker?.close();
});

function alert(type: 'motion' | 'doorbell', at: string): Alert {
  const camera = app.homecam.cameras.get('Back Yard');
  const notification: Notification = {
    id: `n-${at}`, camera: 'Back Yard', room: null, type, level: 'event', title: 'Back Yard', message: 'Motion',
    label: type, trigger: 'http', recordingId: null, thumbnail: null, timestamp: at,
  };
  return { notification, camera, snapshot: () => Promise.resolve(JPEG), clip: () => Promise.resolve(null) };
}

describe("the 'mqtt' alert channel", () => {
  it('delivers an event with QoS 1: state, camera.ui JSON on the camera topic and the snapshot; test() names the broker only', async () => {
    const channel = createMqttChannel({ publisher: app.modules.mqtt.publisher, timeoutMs: 5_000 });
    expect([channel.id, channel.enabled()]).toEqual(['mqtt', true]);
    expect(channel.accepts({ ...alert('motion', new Date().toISOString()), camera: null })).toBe(false);
    const sub = await subscriber(broker.port, ['home/cams/#', 'yard/state']);
    const at = new Date().toISOString();
    await channel.deliver(alert('motion', at), new AbortController().signal);
    await waitFor(() => sub.messages.some((m) => m.topic === 'home/cams/back_yard/snapshot' && !m.retain), { message: 'the snapshot' });
    expect(sub.messages.find((m) => m.topic === 'home/cams/back_yard/snapshot' && !m.retain)?.payload.equals(JPEG)).toBe(true);
    expect(sub.last('home/cams/back_yard/motion')?.payload.toString()).toBe('ON');
    expect(JSON.parse(sub.last('yard/state')?.payload.toString() ?? '')).toEqual({ camera: 'Back Yard', state: true, type: 'motion', event: 'http' });
    // the same event again (the bus path already sent it, or a retry): not published twice
    const count = sub.messages.length;
    await channel.deliver(alert('motion', at), new AbortController().signal);
    expect(sub.messages.length).toBe(count);

    const answer = await channel.test(new AbortController().signal);
    expect(answer.detail).toBe(`published to mqtt://127.0.0.1:${broker.port}`);
    expect(JSON.stringify(answer)).not.toContain(PASSWORD);
    await waitFor(() => sub.last('home/cams/test'), { message: 'the test message' });
    expect(sub.last('home/cams/test')?.retain).toBe(false);
    await sub.client.endAsync();
  });

  it('a stop publishes offline; not connected → TransientAlertError (the pipeline retries), with no password in the message', async () => {
    const channel = createMqttChannel({ publisher: app.modules.mqtt.publisher });
    const admin = (await signedInUser(app, ['admin'])).token;
    const sub = await subscriber(broker.port, ['home/cams/available']);
    await waitFor(() => sub.last('home/cams/available')?.payload.toString() === 'online', { message: 'online' });
    await app.inject({ method: 'PUT', url: '/api/system/triggers/mqtt/stop', headers: bearer(admin) });
    // a clean stop sends no last will: HomeCam says offline itself
    await waitFor(() => sub.last('home/cams/available')?.payload.toString() === 'offline', { message: 'offline on a clean stop' });
    await sub.client.endAsync();
    const error = await channel.deliver(alert('doorbell', new Date().toISOString()), new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientAlertError);
    expect(String((error as Error).message)).not.toContain(PASSWORD);
    await app.inject({ method: 'PUT', url: '/api/system/triggers/mqtt/start', headers: bearer(admin) });
    await waitFor(() => app.modules.triggers.triggers.mqttConnected(), { message: 'connected again' });
  });
});

describe('Settings → Notifications → MQTT', () => {
  const url = '/api/settings/notifications/mqtt';

  it('role matrix: read with settings:notifications:access or :edit, change with :edit only', async () => {
    const reader = (await signedInUser(app, ['settings:notifications:access'])).token;
    const editor = (await signedInUser(app, ['settings:notifications:edit'])).token;
    const other = (await signedInUser(app, ALL_BUT_ADMIN.filter((p) => !p.startsWith('settings:notifications')))).token;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: bearer(other) })).statusCode).toBe(403);
    expect((await app.inject({ url, headers: bearer(reader) })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: bearer(editor) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PATCH', url, headers: bearer(reader), payload: { discovery: false } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PATCH', url, headers: bearer(other), payload: { discovery: false } })).statusCode).toBe(403);
  });

  it('shows the settings, the broker without its login and example topics; a patch writes config.json; wildcards are refused', async () => {
    const editor = (await signedInUser(app, ['settings:notifications:edit'])).token;
    const got = await app.inject({ url, headers: bearer(editor) });
    expect(got.body).not.toContain(PASSWORD);
    expect(got.json()).toMatchObject({ active: true, baseTopic: 'home/cams', discovery: true, discoveryPrefix: 'homeassistant', brokerActive: true, broker: `127.0.0.1:${broker.port}`, connected: true });
    expect(got.json<{ example: { topics: { what: string; topic: string }[] } }>().example.topics).toContainEqual({ what: 'privacySet', topic: 'home/cams/back_yard/privacy/set' });

    for (const bad of [{ baseTopic: 'home/+' }, { discoveryPrefix: 'ha/#' }, { baseTopic: '/lead' }, { baseTopic: '' }, { extra: 1 }]) {
      const refused = await app.inject({ method: 'PATCH', url, headers: bearer(editor), payload: bad });
      expect([JSON.stringify(bad), refused.statusCode, refused.json<{ error: { code: string } }>().error.code]).toEqual([JSON.stringify(bad), 400, 'VALIDATION_FAILED']);
    }
    expect(app.homecam.config.get().mqtt.publish.baseTopic).toBe('home/cams');

    const sub = await subscriber(broker.port, ['homeassistant/#']);
    await waitFor(() => sub.messages.filter((m) => m.payload.length > 0).length === 4, { message: 'discovery retained' });
    const patched = await app.inject({ method: 'PATCH', url, headers: bearer(editor), payload: { discovery: false } });
    expect(patched.json()).toMatchObject({ discovery: false, baseTopic: 'home/cams' });
    expect(app.homecam.config.get().mqtt).toMatchObject({ password: PASSWORD, publish: { discovery: false, baseTopic: 'home/cams' } });
    // discovery off: Home Assistant's entities are deleted (empty retained payloads)
    await waitFor(() => sub.messages.filter((m) => m.payload.length === 0).length === 4, { message: 'discovery deleted' });
    await sub.client.endAsync();
  });
});
