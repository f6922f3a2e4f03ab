import { pushPayloadSchema, type AlertChannelStatus, type Language, type Permission, type PushStatus } from '@homecam/shared';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakePushService, parseVapidAuthorization, PushClient, verifyVapidJwt, type ReceivedPush } from './helpers/fake-push-service.js';
import { LogCapture } from './helpers/log-capture.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Web push end to end: a real notification (the doorbell route), the real sender, and a push service on loopback
 * that checks what a real one would (VAPID JWT, aes128gcm) and decrypts the message as the browser would.
 */
const CONFIG = {
  recordings: { active: false },
  cameras: [{ name: 'Front Door', room: 'Hall', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0 }],
};
const SUBJECT = 'mailto:push-test@example.com';

let app: HomecamApp;
let fake: FakePushService;
let admin: string;
const logs = new LogCapture();
/** Every client made: their secrets must never reach the log. */
const clients: PushClient[] = [];

beforeAll(async () => {
  const dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(CONFIG));
  fake = await FakePushService.start();
  app = await createTestApp({ dataDir, logLevel: 'trace', logStream: logs, push: { subject: SUBJECT, timeoutMs: 5_000 }, allowHttpPushEndpoints: true });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** A signed-in user whose browser subscribed at a fresh path of the fake push service. */
async function subscriber(
  permissions: Permission[],
  language?: Language,
): Promise<{ userId: number; token: string; client: PushClient; path: string }> {
  const { user, token } = await signedInUser(app, permissions);
  const path = `/push/${randomBytes(12).toString('base64url')}?token=${randomBytes(6).toString('hex')}`;
  const client = new PushClient(`${fake.origin}${path}`);
  clients.push(client);
  const payload = language ? { ...client.subscription(), language } : client.subscription();
  const response = await app.inject({ method: 'POST', url: '/api/subscribe', headers: bearer(token), payload });
  expect(response.statusCode).toBe(201);
  return { userId: user.id, token, client, path };
}

async function publicKey(token: string): Promise<string> {
  const response = await app.inject({ url: '/api/subscribe', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<PushStatus>().publicKey;
}

async function ringDoorbell(): Promise<void> {
  const response = await app.inject({ method: 'PUT', url: '/api/cameras/Front%20Door/doorbell', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
}

/** Waits until every push of the notifications so far has been sent and its answer handled. */
const settled = async (): Promise<void> => {
  // Pushes go out through the alert pipeline's 'push' channel: first the pipeline hands them over, then they settle.
  await app.modules.alerts.pipeline.idle();
  await app.modules.push.notifier.idle();
};

describe('web push delivery', () => {
  it('with no device subscribed nothing counts as sent (issue 17)', async () => {
    await ringDoorbell();
    await settled();
    const status = (await app.inject({ url: '/api/alerts/status', headers: bearer(admin) })).json<{ result: AlertChannelStatus[] }>().result;
    expect(status.find((channel) => channel.channel === 'push')).toMatchObject({ enabled: true, sent: 0, dropped: 0, lastSuccessAt: null, lastError: null });
    expect(fake.received).toHaveLength(0);
  });

  it('a doorbell reaches the browser: VAPID-signed for the push service origin, aes128gcm, decryptable payload', async () => {
    const { token, client, path } = await subscriber(['recordings:access', 'cameras:access']);
    const key = await publicKey(token);
    const arrived = fake.next(path);
    await ringDoorbell();
    const push: ReceivedPush = await arrived;

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(push.headers.ttl).toBe(String(24 * 3600));
    expect(push.headers.urgency).toBe('high');
    const authorization = parseVapidAuthorization(push.headers.authorization);
    expect(authorization.key).toBe(key);
    const { header, claims } = verifyVapidJwt(authorization.jwt, key);
    expect(header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
    expect(claims.aud).toBe(fake.origin);
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp).toEqual(expect.any(Number));

    const payload = pushPayloadSchema.parse(JSON.parse(client.decrypt(push.body)));
    expect(payload).toMatchObject({ title: 'Front Door', body: 'Doorbell', url: '/cameras/Front%20Door', tag: 'Front Door', image: null });
    expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
    await settled();
  });

  it("each browser gets the doorbell in its own language: German for a German subscription, English for an English or none", async () => {
    const german = await subscriber(['recordings:access'], 'de');
    const english = await subscriber(['recordings:access'], 'en');
    const none = await subscriber(['recordings:access']);
    const arrived = [german, english, none].map((s) => fake.next(s.path));
    await ringDoorbell();
    const [de, en, unset] = await Promise.all(arrived);
    const body = (s: { client: PushClient }, push: ReceivedPush | undefined) =>
      pushPayloadSchema.parse(JSON.parse(s.client.decrypt((push as ReceivedPush).body))).body;
    expect(body(german, de)).toBe('Türklingel');
    expect(body(english, en)).toBe('Doorbell');
    expect(body(none, unset)).toBe('Doorbell');
    await settled();
  });

  it('a 410 from the push service deletes the subscription', async () => {
    const { token, path } = await subscriber(['recordings:access']);
    fake.answer(path, 410);
    const arrived = fake.next(path);
    await ringDoorbell();
    await arrived;
    await settled();
    const status = await app.inject({ url: '/api/subscribe', headers: bearer(token) });
    expect(status.json<PushStatus>().subscription).toBe(false);
  });

  it('a user who lost recordings:access gets no push; others still do', async () => {
    const demoted = await subscriber(['recordings:access', 'notifications:access']);
    const other = await subscriber(['admin']);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/users/${demoted.userId}`,
      headers: bearer(admin),
      payload: { permissionLevel: ['notifications:access'] },
    });
    expect(patch.statusCode).toBe(200);
    const arrived = fake.next(other.path);
    await ringDoorbell();
    const push = await arrived;
    await settled();
    expect(fake.pushesTo(demoted.path)).toEqual([]);
    // The link opens what the recipient may see: an admin may see the camera.
    expect(JSON.parse(other.client.decrypt(push.body))).toMatchObject({ url: '/cameras/Front%20Door' });
  });

  it('a system warning links the notification list; with notifications off nothing is pushed', async () => {
    const { client, path } = await subscriber(['recordings:access', 'notifications:access']);
    const arrived = fake.next(path);
    await app.homecam.notifications.system('WARN', 'Disk almost full', 'Less than 1 GB free');
    const payload = pushPayloadSchema.parse(JSON.parse(client.decrypt((await arrived).body)));
    expect(payload).toMatchObject({ title: 'Disk almost full', body: 'Less than 1 GB free', url: '/notifications', tag: 'WARN', image: null });
    await settled();

    await app.homecam.config.patchSection('notifications', { active: false, removeAfter: 72 });
    try {
      const before = fake.pushesTo(path).length;
      await app.homecam.notifications.system('WARN', 'Again', 'not pushed');
      await settled();
      expect(fake.pushesTo(path).length).toBe(before);
    } finally {
      await app.homecam.config.patchSection('notifications', { active: true, removeAfter: 72 });
    }
  });

  it('a failing push service is logged by origin only; no endpoint path, browser key or VAPID private key in any log', async () => {
    const { path } = await subscriber(['recordings:access']);
    fake.answer(path, 500);
    const arrived = fake.next(path);
    await ringDoorbell();
    await arrived;
    await settled();
    const warning = logs.text.split('\n').find((line) => line.includes('push not delivered'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ origin: fake.origin, status: 500 });

    const keys = await app.homecam.repositories.vapidKeys.get();
    const secrets = [keys?.privateKey ?? 'no key', ...clients.flatMap((c) => [new URL(c.endpoint).pathname.split('/')[2] ?? '', c.subscription().keys.p256dh, c.subscription().keys.auth])];
    for (const secret of secrets) expect(logs.text).not.toContain(secret);
  });
});
