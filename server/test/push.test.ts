import { LANGUAGES, type Notification, type PushStatus } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import type { InjectOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { PUSH_MESSAGES } from '../src/services/push-texts.js';
import { pushPayload } from '../src/services/push.service.js';
import { PushClient } from './helpers/fake-push-service.js';
import { expectError } from './helpers/http.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser, tokenFor } from './helpers/users.js';

/** GET/POST/DELETE /api/subscribe on a real SQLite file: permissions, validation, one subscription per session. */
let app: HomecamApp;
let dataDir: string;
let admin: string;
let endpointCounter = 0;

beforeAll(async () => {
  dataDir = await makeDataDir();
  app = await createTestApp({ dataDir });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(() => app?.close());

/** A browser subscription at a push service that is never called here (no notification is stored). */
function browserSubscription() {
  endpointCounter += 1;
  // A public-looking name that never resolves (.invalid, RFC 2606): should anything send to it, it fails at once.
  // (Loopback and private hosts are refused at subscribe time, review #24.)
  return new PushClient(`https://push.invalid/send/device-${endpointCounter}`).subscription();
}

const status = (token: string) => app.inject({ url: '/api/subscribe', headers: bearer(token) });
const subscribe = (token: string, payload: InjectOptions['payload'] = browserSubscription()) =>
  app.inject({ method: 'POST', url: '/api/subscribe', headers: bearer(token), payload });
const unsubscribe = (token: string) => app.inject({ method: 'DELETE', url: '/api/subscribe', headers: bearer(token) });

async function subscribed(token: string): Promise<boolean> {
  const response = await status(token);
  expect(response.statusCode).toBe(200);
  return response.json<PushStatus>().subscription;
}

const NOTIFICATION: Notification = {
  id: 'n1',
  camera: null,
  room: null,
  type: 'WARN',
  level: 'WARN',
  title: 'Expiry test',
  message: 'not sent',
  label: null,
  trigger: null,
  recordingId: null,
  thumbnail: null,
  timestamp: '2026-01-01T00:00:00.000Z',
};

/** Rows of the table by session, straight from SQLite. */
async function rowsOfSession(sessionId: string): Promise<number> {
  const rows = await app.homecam.database.db.selectFrom('push_subscriptions').select('id').where('session_id', '=', sessionId).execute();
  return rows.length;
}

describe('push subscription API', () => {
  it('GET gives the VAPID public key (a P-256 point, the same for everyone and after a restart) and no secrets', async () => {
    const { token } = await signedInUser(app, ['recordings:access']);
    const response = await status(token);
    expect(response.statusCode).toBe(200);
    const body = response.json<PushStatus>();
    expect(Object.keys(body).sort()).toEqual(['language', 'publicKey', 'subscription']);
    expect(body.subscription).toBe(false);
    const point = Buffer.from(body.publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(0x04);
    expect((await status(admin)).json<PushStatus>().publicKey).toBe(body.publicKey);

    await app.close();
    app = await createTestApp({ dataDir });
    admin = (await signedInUser(app, ['admin'])).token;
    expect((await status(admin)).json<PushStatus>().publicKey).toBe(body.publicKey);
  });

  it('is refused to anonymous callers (401) and to users without recordings:access or admin (403)', async () => {
    const { token } = await signedInUser(app, ['notifications:access', 'cameras:access', 'settings:recordings:access']);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const call = { method, url: '/api/subscribe', payload: method === 'POST' ? browserSubscription() : undefined };
      expectError(await app.inject(call), 401, 'UNAUTHENTICATED');
      expectError(await app.inject({ ...call, headers: bearer(token) }), 403, 'FORBIDDEN');
    }
  });

  it('POST stores it for the session (201), again replaces it (204), DELETE forgets it (204, twice)', async () => {
    const { token, user } = await signedInUser(app, ['recordings:access']);
    const first = await subscribe(token);
    expect(first.statusCode).toBe(201);
    expect(first.body).toBe('');
    expect(await subscribed(token)).toBe(true);
    // Another session of the same user has its own (none yet).
    expect(await subscribed(await tokenFor(app, user))).toBe(false);

    expect((await subscribe(token)).statusCode).toBe(204);
    const session = await app.homecam.auth.authenticate(token);
    expect(await rowsOfSession(session.sessionId)).toBe(1);

    expect((await unsubscribe(token)).statusCode).toBe(204);
    expect(await subscribed(token)).toBe(false);
    expect((await unsubscribe(token)).statusCode).toBe(204);
  });

  it('POST stores the UI language with the subscription; GET tells it (null without one); an unknown one is refused', async () => {
    const { token } = await signedInUser(app, ['recordings:access']);
    expect((await status(token)).json<PushStatus>().language).toBeNull();
    const browser = browserSubscription();
    expect((await subscribe(token, browser)).statusCode).toBe(201);
    expect((await status(token)).json<PushStatus>()).toMatchObject({ subscription: true, language: null });
    // The language changed in the app: the same subscription is posted again with it.
    expect((await subscribe(token, { ...browser, language: 'de' })).statusCode).toBe(204);
    expect((await status(token)).json<PushStatus>()).toMatchObject({ subscription: true, language: 'de' });
    const delivery = (await app.homecam.push.deliveriesFor(NOTIFICATION)).find((d) => d.recipient.endpoint === browser.endpoint);
    expect(delivery?.recipient.language).toBe('de');
    expectError(await subscribe(token, { ...browser, language: 'xx' }), 400, 'VALIDATION_FAILED');
    expect((await status(token)).json<PushStatus>().language).toBe('de');
  });

  it('the same browser signing in as someone else takes the endpoint over: the old session loses it', async () => {
    const alice = await signedInUser(app, ['recordings:access']);
    const bob = await signedInUser(app, ['admin']);
    const browser = browserSubscription();
    expect((await subscribe(alice.token, browser)).statusCode).toBe(201);
    expect((await subscribe(bob.token, browser)).statusCode).toBe(201);
    expect(await subscribed(alice.token)).toBe(false);
    expect(await subscribed(bob.token)).toBe(true);
  });

  it.each([
    ['no keys', (s: ReturnType<typeof browserSubscription>) => ({ endpoint: s.endpoint }), 'keys'],
    ['an endpoint that is not a URL', (s: ReturnType<typeof browserSubscription>) => ({ ...s, endpoint: 'not a url' }), 'endpoint'],
    ['a non-HTTP endpoint', (s: ReturnType<typeof browserSubscription>) => ({ ...s, endpoint: 'ftp://push.example.com/x' }), 'endpoint'],
    // Browsers' push services are https: plain http could aim the server's POSTs at a device on the home network.
    ['a plain-http endpoint', (s: ReturnType<typeof browserSubscription>) => ({ ...s, endpoint: 'http://192.168.1.1/cgi-bin/x' }), 'endpoint'],
    ['no auth secret', (s: ReturnType<typeof browserSubscription>) => ({ ...s, keys: { p256dh: s.keys.p256dh } }), 'keys.auth'],
    [
      'a p256dh that is not a P-256 point',
      (s: ReturnType<typeof browserSubscription>) => ({ ...s, keys: { ...s.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') } }),
      'keys.p256dh',
    ],
    [
      'an auth secret of the wrong size',
      (s: ReturnType<typeof browserSubscription>) => ({ ...s, keys: { ...s.keys, auth: Buffer.alloc(18, 1).toString('base64url') } }),
      'keys.auth',
    ],
  ])('POST with %s is VALIDATION_FAILED naming the field, and stores nothing', async (_name, mangle, path) => {
    const { token } = await signedInUser(app, ['recordings:access']);
    const response = await subscribe(token, mangle(browserSubscription()));
    expectError(response, 400, 'VALIDATION_FAILED');
    const details = response.json<{ error: { details: { path: string }[] } }>().error.details;
    expect(details.map((issue) => issue.path)).toContain(path);
    expect(await subscribed(token)).toBe(false);
  });

  // Nor a host on this machine or the local network (review #24), however it is written: the server would POST there.
  it.each([
    'https://127.0.0.1:8443/x', 'https://localhost/x', 'https://cam.localhost/x', 'https://192.168.1.1/x', 'https://10.1.2.3/x',
    'https://172.20.0.1/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fd12::1]/x', 'https://[fe80::1]/x',
    'https://[::ffff:127.0.0.1]/x', 'https://2130706433/x', 'https://0.0.0.0/x',
  ])('POST with the internal endpoint %s is VALIDATION_FAILED on endpoint, and stores nothing', async (endpoint) => {
    const { token } = await signedInUser(app, ['recordings:access']);
    const response = await subscribe(token, { ...browserSubscription(), endpoint });
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json()).toMatchObject({ error: { details: [{ path: 'endpoint', message: 'expected a public push service host' }] } });
    expect(await subscribed(token)).toBe(false);
  });

  it('a body that is not JSON is refused with the error envelope', async () => {
    const { token } = await signedInUser(app, ['recordings:access']);
    const response = await app.inject({ method: 'POST', url: '/api/subscribe', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '{' });
    expectError(response, 400, 'BAD_REQUEST');
  });
});

describe('a subscription ends with its session', () => {
  it('logout removes it', async () => {
    const { token } = await signedInUser(app, ['recordings:access']);
    await subscribe(token);
    const { sessionId } = await app.homecam.auth.authenticate(token);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    await waitFor(async () => (await rowsOfSession(sessionId)) === 0, { message: 'subscription removed at logout' });
  });

  it('a password set by an admin ends the user’s sessions and removes their subscriptions', async () => {
    const { user, token } = await signedInUser(app, ['recordings:access']);
    const other = await tokenFor(app, user);
    await subscribe(token);
    await subscribe(other);
    const otherSession = (await app.homecam.auth.authenticate(other)).sessionId;
    const patch = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { password: 'a-new-password-9' } });
    expect(patch.statusCode).toBe(200);
    await waitFor(async () => (await rowsOfSession(otherSession)) === 0, { message: 'subscription of the ended session removed' });
    expectError(await status(token), 401, 'UNAUTHENTICATED');
  });

  it('an expired session gets no push and its subscription goes at the next notification', async () => {
    const { token } = await signedInUser(app, ['recordings:access']);
    const browser = browserSubscription();
    await subscribe(token, browser);
    const { sessionId } = await app.homecam.auth.authenticate(token);
    expect((await app.homecam.push.deliveriesFor(NOTIFICATION)).map((d) => d.recipient.endpoint)).toContain(browser.endpoint);
    await app.homecam.database.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', sessionId).execute();
    // Asked directly, not through a stored notification: the other subscriptions here point at no real push service.
    const deliveries = await app.homecam.push.deliveriesFor(NOTIFICATION);
    expect(deliveries.map((d) => d.recipient.endpoint)).not.toContain(browser.endpoint);
    expect(await rowsOfSession(sessionId)).toBe(0);
  });

  it('deleting the user removes them all', async () => {
    const { user, token } = await signedInUser(app, ['recordings:access']);
    await subscribe(token);
    const { sessionId } = await app.homecam.auth.authenticate(token);
    expect((await app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: bearer(admin) })).statusCode).toBeLessThan(300);
    await waitFor(async () => (await rowsOfSession(sessionId)) === 0, { message: 'subscription removed with the user' });
  });
});

describe('push payload language', () => {
  const event = (type: 'motion' | 'doorbell', message: string): Notification => ({
    ...NOTIFICATION,
    camera: 'Hall',
    type,
    level: 'event',
    title: 'Hall',
    message,
  });

  it("the server's own camera event texts are written in the subscription's language, English without one", () => {
    expect(pushPayload(event('motion', 'Motion detected'), ['admin'], 'de').body).toBe('Bewegung erkannt');
    expect(pushPayload(event('doorbell', 'Doorbell'), ['admin'], 'de').body).toBe('Türklingel');
    expect(pushPayload(event('doorbell', 'Doorbell'), ['admin'], 'nl').body).toBe('Deurbel');
    expect(pushPayload(event('motion', 'Motion detected'), ['admin'], 'fr').body).toBe('Mouvement détecté');
    expect(pushPayload(event('motion', 'Motion detected'), ['admin'], 'es').body).toBe('Movimiento detectado');
    expect(pushPayload(event('doorbell', 'Doorbell'), ['admin'], 'th').body).toBe('กริ่งประตู');
    expect(pushPayload(event('motion', 'Motion detected'), ['admin'], 'en').body).toBe('Motion detected');
    expect(pushPayload(event('motion', 'Motion detected'), ['admin'], null).body).toBe('Motion detected');
    expect(pushPayload(event('doorbell', 'Doorbell'), ['admin']).body).toBe('Doorbell');
  });

  it('says what the app says: the same words as web/src/i18n/locales/*/events.json messages.*', () => {
    for (const language of LANGUAGES) {
      const file = new URL(`../../web/src/i18n/locales/${language}/events.json`, import.meta.url);
      const { messages } = JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, string> };
      expect({ language, motion: PUSH_MESSAGES.motion[language], doorbell: PUSH_MESSAGES.doorbell[language] }).toEqual({
        language,
        motion: messages.motion,
        doorbell: messages.doorbell,
      });
    }
  });

  it('any other message is sent as written', () => {
    expect(pushPayload(event('motion', 'Person at the gate'), ['admin'], 'de').body).toBe('Person at the gate');
    // A system notification whose text happens to match is not a camera event.
    expect(pushPayload({ ...NOTIFICATION, message: 'Doorbell' }, ['admin'], 'de').body).toBe('Doorbell');
    expect(pushPayload(NOTIFICATION, ['admin'], 'de')).toMatchObject({ title: 'Expiry test', body: 'not sent' });
  });
});
