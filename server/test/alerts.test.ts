import type { AlertChannelStatus, AlertTestResult, Notification } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { TransientAlertError, type Alert, type AlertChannel } from '../src/alerts/channel.js';
import { FTP_JPEG, triggerFtpRecording } from './helpers/recordings.js';
import { closeAllSockets, connectOutcome, nextEvent, socketClient } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The alert pipeline through the whole app: a camera event reaches a registered channel with the event's picture,
 * a channel that hangs or fails holds up neither another channel, nor the recording, nor the socket notification;
 * the status and test routes follow the notification settings permissions.
 */
const CAMERA = { name: 'Garden', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' } };

let app: HomecamApp;
let url: string;
let admin: string;

class RecordingChannel implements AlertChannel {
  readonly alerts: { alert: Alert; snapshot: Buffer | null }[] = [];
  private waiters: (() => void)[] = [];
  constructor(
    readonly id: AlertChannel['id'],
    private readonly behaviour: 'ok' | 'hang' | 'transient',
  ) {}
  enabled = (): boolean => true;
  accepts = (): boolean => true;
  async deliver(alert: Alert, signal: AbortSignal): Promise<void> {
    if (this.behaviour === 'hang') return new Promise(() => undefined);
    if (this.behaviour === 'transient') throw new TransientAlertError('503 from the service');
    this.alerts.push({ alert, snapshot: await alert.snapshot() });
    expect(signal.aborted).toBe(false);
    for (const resolve of this.waiters.splice(0)) resolve();
  }
  test(): Promise<{ detail: string }> {
    if (this.behaviour === 'ok') return Promise.resolve({ detail: 'delivered to the test receiver' });
    return Promise.reject(new TransientAlertError('503 from the service'));
  }
  received(count: number): Promise<void> {
    if (this.alerts.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(() => void (this.alerts.length >= count ? resolve() : this.received(count).then(resolve))));
  }
}

const good = new RecordingChannel('telegram', 'ok');
const stuck = new RecordingChannel('alexa', 'hang');
const failing = new RecordingChannel('webhook', 'transient');

beforeAll(async () => {
  const dataDir = await makeDataDir();
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: true, type: 'Snapshot' }, cameras: [CAMERA] }));
  app = await createTestApp({ dataDir, alerts: { backoffMs: 60_000 } });
  for (const channel of [stuck, failing, good]) app.modules.alerts.register(channel);
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(async () => {
  closeAllSockets();
  await app?.close();
});

describe('alerts through the app', () => {
  it('a camera event reaches a channel with its picture while other channels hang or fail; recording and socket are unaffected', async () => {
    const socket = socketClient(url, admin);
    expect(await connectOutcome(socket)).toBe('connected');
    const toast = nextEvent(socket, 'notification');
    const row = await triggerFtpRecording(app, 'Garden');
    expect(row.status).not.toBe('recording');
    const [notification] = (await toast) as [Notification];
    expect(notification).toMatchObject({ camera: 'Garden', type: 'motion', recordingId: row.id });
    await good.received(1);
    const { alert, snapshot } = good.alerts[0]!;
    expect(alert.notification.id).toBe(notification.id);
    expect(alert.camera?.name).toBe('Garden');
    expect(snapshot).toEqual(FTP_JPEG);

    const status = await app.inject({ url: '/api/alerts/status', headers: bearer(admin) });
    expect(status.statusCode).toBe(200);
    const byChannel = new Map(status.json<{ result: AlertChannelStatus[] }>().result.map((s) => [s.channel, s]));
    expect([...byChannel.keys()]).toEqual(['push', 'telegram', 'webhook', 'alexa', 'mqtt']);
    expect(byChannel.get('telegram')).toMatchObject({ enabled: true, sent: 1, dropped: 0, lastError: null });
    expect(byChannel.get('telegram')?.lastSuccessAt).toEqual(expect.any(String));
    expect(byChannel.get('webhook')).toMatchObject({ sent: 0, lastError: { message: '503 from the service' } });
    expect(byChannel.get('alexa')).toMatchObject({ sent: 0, queued: 0, lastError: null });
  });

  it('system notifications reach the channels only at the levels chosen in Settings → Notifications', async () => {
    // Sent before the choice; dispatch is synchronous, so it would be queued ahead of the ERROR below.
    await app.homecam.notifications.system('WARN', 'Disk', 'disk almost full');
    const { token: editor } = await signedInUser(app, ['settings:notifications:edit']);
    const saved = await app.inject({ method: 'PATCH', url: '/api/settings/notifications', headers: bearer(editor), payload: { alertLevels: ['ERROR', 'WARN'] } });
    expect(saved.json<{ alertLevels: string[] }>().alertLevels).toEqual(['WARN', 'ERROR']);
    const before = good.alerts.length;
    await app.homecam.notifications.system('ERROR', 'Camera', 'camera down');
    await good.received(before + 1);
    expect(good.alerts.at(-1)?.alert.notification).toMatchObject({ level: 'ERROR', camera: null });
    expect(good.alerts.some((a) => a.alert.notification.level === 'WARN')).toBe(false);
    const bad = await app.inject({ method: 'PATCH', url: '/api/settings/notifications', headers: bearer(editor), payload: { alertLevels: ['INFO'] } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows each non-push channel on the plugins page with the pipeline status', async () => {
    const plugins = await app.inject({ url: '/api/plugins', headers: bearer(admin) });
    const list = plugins.json<{ result: { id: string; state: string; lastError: { message: string } | null }[] }>().result;
    expect(list.find((p) => p.id === 'alert-telegram')).toMatchObject({ state: 'running' });
    expect(list.find((p) => p.id === 'alert-webhook')).toMatchObject({ state: 'error', lastError: { message: '503 from the service' } });
    expect(list.some((p) => p.id === 'alert-push')).toBe(false);
  });

  it('status: for settings:notifications access or edit, and admins; 403 for others', async () => {
    for (const [permissions, code] of [
      [['settings:notifications:access'], 200],
      [['settings:notifications:edit'], 200],
      [['notifications:access'], 403],
    ] as const) {
      const { token } = await signedInUser(app, [...permissions]);
      expect((await app.inject({ url: '/api/alerts/status', headers: bearer(token) })).statusCode).toBe(code);
    }
  });

  it('send a test: the answer of the channel, or a code for unknown, failing and admin-only channels', async () => {
    const { token: editor } = await signedInUser(app, ['settings:notifications:edit']);
    const { token: reader } = await signedInUser(app, ['settings:notifications:access']);
    const ok = await app.inject({ method: 'POST', url: '/api/alerts/telegram/test', headers: bearer(editor) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AlertTestResult>()).toEqual({ ok: true, detail: 'delivered to the test receiver' });
    expect((await app.inject({ method: 'POST', url: '/api/alerts/telegram/test', headers: bearer(reader) })).statusCode).toBe(403);
    const unknown = await app.inject({ method: 'POST', url: '/api/alerts/pager/test', headers: bearer(editor) });
    expect([unknown.statusCode, unknown.json<{ error: { code: string } }>().error.code]).toEqual([404, 'ALERT_CHANNEL_UNKNOWN']);
    // MQTT publishing is registered but off here (no broker configured).
    const off = await app.inject({ method: 'POST', url: '/api/alerts/mqtt/test', headers: bearer(editor) });
    expect([off.statusCode, off.json<{ error: { code: string } }>().error.code]).toEqual([409, 'ALERT_CHANNEL_DISABLED']);
    const webhookByEditor = await app.inject({ method: 'POST', url: '/api/alerts/webhook/test', headers: bearer(editor) });
    expect(webhookByEditor.statusCode).toBe(403);
    const webhookByAdmin = await app.inject({ method: 'POST', url: '/api/alerts/webhook/test', headers: bearer(admin) });
    expect([webhookByAdmin.statusCode, webhookByAdmin.json<{ error: { code: string; message: string } }>().error]).toEqual([
      502,
      { code: 'ALERT_TEST_FAILED', message: "the test through 'webhook' failed: 503 from the service" },
    ]);
    // Web push tests the caller's own devices: the admin has none subscribed.
    const push = await app.inject({ method: 'POST', url: '/api/alerts/push/test', headers: bearer(admin) });
    expect([push.statusCode, push.json<{ error: { code: string } }>().error.code]).toEqual([502, 'ALERT_TEST_FAILED']);
  });
});
