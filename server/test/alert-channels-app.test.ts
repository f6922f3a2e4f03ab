import type { AlertChannelStatus, Notification, WebhookSettingsResponse } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { verifyWebhook } from '../src/alerts/webhook/signature.js';
import { startReceiver, type ReceivedRequest, type Receiver } from './helpers/alert-receivers.js';
import { FakeTelegram } from './helpers/fake-telegram.js';
import { FTP_JPEG, triggerFtpRecording } from './helpers/recordings.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The real Telegram and webhook channels through the whole app: a camera event reaches the local Bot API fake (text
 * and the event JPEG) and a webhook receiver that checks the signature with the install's secret; a Bot API
 * answering 500 is retried, its error shows in the status (never the token) and the webhook, the recording and the
 * notification are unaffected.
 */
const TOKEN = '123456:ABCdefGhIJKlmnOPqrSTuvWXyz_0123456789';
const CHAT = '4242';
const MAX_ATTEMPTS = 3;

let app: HomecamApp;
let admin: string;
let secret: string;
const telegram = new FakeTelegram();
let receiver: Receiver;

/** Resolves once `check` holds, polling the in-process state (no fixed sleep decides the outcome). */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function channelStatus(): Promise<Map<string, AlertChannelStatus>> {
  const response = await app.inject({ url: '/api/alerts/status', headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain(TOKEN);
  expect(response.body).not.toContain(TOKEN.split(':')[1]);
  return new Map(response.json<{ result: AlertChannelStatus[] }>().result.map((s) => [s.channel, s]));
}

function hooksFor(notificationId: string): ReceivedRequest[] {
  return receiver.requests.filter((r) => (JSON.parse(r.body) as { id?: string }).id === notificationId);
}

beforeAll(async () => {
  const apiRoot = await telegram.start();
  receiver = await startReceiver();
  const dataDir = await makeDataDir();
  const camera = { name: 'Garden', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, telegramType: 'Text + Snapshot', webhookUrl: `${receiver.url}/hook` };
  const config = {
    recordings: { active: true, type: 'Snapshot' },
    notifications: { telegram: { active: true, token: TOKEN, chatID: CHAT }, webhook: { active: true } },
    cameras: [camera],
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  app = await createTestApp({ dataDir, alertChannelOptions: { telegram: { apiRoot } }, alerts: { backoffMs: 20, maxBackoffMs: 50, maxAttempts: MAX_ATTEMPTS } });
  admin = (await signedInUser(app, ['admin'])).token;
  const settings = await app.inject({ url: '/api/settings/notifications/webhook', headers: bearer(admin) });
  secret = settings.json<WebhookSettingsResponse>().secret ?? '';
  expect(secret).not.toBe('');
});
afterAll(async () => {
  await app?.close();
  await telegram.stop();
  await receiver?.close();
});

describe('Telegram and webhook channels through the app', () => {
  it('a camera event reaches the Bot API fake as text plus the event JPEG, and the webhook receiver signed', async () => {
    const row = await triggerFtpRecording(app, 'Garden');
    await telegram.waitForCalls(2);
    const [message, photo] = telegram.calls;
    expect(message).toMatchObject({ token: TOKEN, method: 'sendMessage', fields: { chat_id: CHAT } });
    expect(message?.fields.text).toContain('Garden');
    expect(photo).toMatchObject({ token: TOKEN, method: 'sendPhoto', fields: { chat_id: CHAT } });
    expect(photo?.contentType).toMatch(/^multipart\/form-data/);
    expect(photo?.files.photo?.type).toBe('image/jpeg');
    expect(photo?.files.photo?.bytes).toEqual(FTP_JPEG);

    await until(() => receiver.requests.length >= 1, 'the webhook');
    const hook = receiver.requests[0]!;
    expect([hook.method, hook.path]).toEqual(['POST', '/hook']);
    const timestamp = String(hook.headers['x-homecam-timestamp']);
    expect(verifyWebhook(secret, timestamp, hook.body, String(hook.headers['x-homecam-signature']))).toBe(true);
    expect(verifyWebhook('0'.repeat(64), timestamp, hook.body, String(hook.headers['x-homecam-signature']))).toBe(false);
    expect(JSON.parse(hook.body)).toMatchObject({ version: 1, type: 'motion', camera: 'Garden', room: 'Outside', recordingId: row.id });
    expect(hook.body).not.toContain(secret);

    await until(async () => (await channelStatus()).get('telegram')?.sent === 1, 'telegram counted as sent');
    const status = await channelStatus();
    expect(status.get('telegram')).toMatchObject({ enabled: true, sent: 1, lastError: null });
    expect(status.get('webhook')).toMatchObject({ enabled: true, sent: 1, lastError: null });
  });

  it('a Bot API answering 500 is retried with backoff and shows in the status; webhook, recording and notification are unaffected', async () => {
    telegram.mode = { kind: 'error', status: 500, description: 'Internal Server Error' };
    const before = telegram.calls.length;
    const row = await triggerFtpRecording(app, 'Garden');
    expect(row.status).not.toBe('recording');
    const listed = await app.inject({ url: '/api/notifications', headers: bearer(admin) });
    const notification = listed.json<{ result: Notification[] }>().result.find((n) => n.recordingId === row.id);
    expect(notification).toMatchObject({ camera: 'Garden', type: 'motion' });
    const recording = await app.inject({ url: `/api/recordings/${row.id}`, headers: bearer(admin) });
    expect(recording.statusCode).toBe(200);

    await until(() => hooksFor(notification!.id).length === 1, 'the webhook of the second event');
    // Each attempt fails at its first call (sendMessage); all attempts are spent, then the error stays.
    await telegram.waitForCalls(before + MAX_ATTEMPTS);
    await until(async () => (await channelStatus()).get('telegram')?.lastError !== null, 'the telegram error in the status');
    const retried = telegram.calls.slice(before);
    expect(retried.map((c) => c.method)).toEqual(Array<string>(MAX_ATTEMPTS).fill('sendMessage'));
    expect(retried.every((c) => c.fields.chat_id === CHAT)).toBe(true);

    const status = await channelStatus();
    const failed = status.get('telegram')!;
    expect(failed.sent).toBe(1);
    expect(failed.lastError?.message).toContain('500');
    expect(failed.lastError?.message).not.toContain(TOKEN);
    expect(failed.lastError?.message).not.toContain(TOKEN.split(':')[1]);
    expect(status.get('webhook')).toMatchObject({ sent: 2, lastError: null });
    telegram.mode = { kind: 'ok' };
  });
});
