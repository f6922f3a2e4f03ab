import { webhookPayloadSchema } from '@homecam/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransientAlertError } from '../src/alerts/channel.js';
import { createWebhookChannel } from '../src/alerts/webhook/webhook-channel.js';
import { verifyWebhook } from '../src/alerts/webhook/signature.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { captureLog, motionAlert, selfSignedCertificate, startReceiver, testCamera, testConfig, type Receiver } from './helpers/alert-receivers.js';

const SECRET = 'a'.repeat(64);
const TOKEN = 'query-token-s3cr3t';
let plain: Receiver;
let tls: Receiver;
const clock = new FakeClock(Date.parse('2026-01-01T10:00:00.000Z'));
const log = captureLog();

function setup(url: string, insecureHosts: string[] = [], timeoutMs?: number) {
  const camera = testCamera({ webhookUrl: url });
  const config = testConfig({ cameras: [{ name: camera.name, videoConfig: { source: '-i rtsp://127.0.0.1:1/x' }, webhookUrl: url }], notifications: { webhook: { active: true, insecureHosts } } });
  const channel = createWebhookChannel({ config, secret: () => Promise.resolve(SECRET), log, clock, timeoutMs });
  return { camera, channel, config };
}

/** The final (non-retried) or transient error of one delivery. */
async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the delivery to fail');
}

beforeAll(async () => {
  plain = await startReceiver();
  tls = await startReceiver(selfSignedCertificate());
});
afterAll(async () => {
  await plain.close();
  await tls.close();
});

describe('webhook channel', () => {
  it('POSTs the v1 payload with a signature the documented check accepts', async () => {
    plain.reply = () => ({ status: 200 });
    const { camera, channel } = setup(`${plain.url}/hook?token=${TOKEN}`);
    const alert = motionAlert(camera);
    expect(channel.enabled()).toBe(true);
    expect(channel.accepts(alert)).toBe(true);
    await channel.deliver(alert, new AbortController().signal);
    const request = plain.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/hook?token=${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^HomeCam\/\d/);
    const timestamp = String(request.headers['x-homecam-timestamp']);
    expect(timestamp).toBe(String(Date.parse('2026-01-01T10:00:00.000Z') / 1000));
    expect(verifyWebhook(SECRET, timestamp, request.body, String(request.headers['x-homecam-signature']))).toBe(true);
    expect(verifyWebhook('b'.repeat(64), timestamp, request.body, String(request.headers['x-homecam-signature']))).toBe(false);
    const payload: unknown = JSON.parse(request.body);
    expect(webhookPayloadSchema.strict().parse(payload)).toEqual({
      version: 1, id: 'n-1', type: 'motion', camera: 'Front Door', room: camera.room, title: 'Front Door', message: 'Motion detected',
      labels: ['person', 'car'], trigger: 'motion', timestamp: '2026-01-01T10:00:00.000Z', recordingId: 'r-1', snapshotUrl: '/files/recordings/front.jpg',
    });
    expect(request.body).not.toContain(SECRET);
  });

  it('accepts camera events of cameras with a URL only, and only while active', () => {
    const { camera, channel, config } = setup(`${plain.url}/hook`);
    expect(channel.accepts(motionAlert(testCamera({ webhookUrl: '' })))).toBe(false);
    expect(channel.accepts({ ...motionAlert(camera), camera: null })).toBe(false);
    expect(channel.accepts(motionAlert(camera, { level: 'WARN', type: 'WARN' }))).toBe(false);
    expect(channel.accepts(motionAlert(testCamera({ webhookUrl: `${plain.url}/x`, alertChannels: ['push'] })))).toBe(false);
    config.set({ notifications: { webhook: { active: false } } });
    expect(channel.enabled()).toBe(false);
  });

  it('500 is transient and carries Retry-After; 429 too; 400 is final', async () => {
    const { camera, channel } = setup(`${plain.url}/hook?token=${TOKEN}`);
    plain.reply = () => ({ status: 500, headers: { 'retry-after': '7' } });
    const transient = await failure(() => channel.deliver(motionAlert(camera), new AbortController().signal));
    expect(transient).toBeInstanceOf(TransientAlertError);
    expect((transient as TransientAlertError).retryAfterMs).toBe(7000);
    expect(transient.message).toBe(`HTTP 500 from ${plain.url}`);
    plain.reply = () => ({ status: 429 });
    expect(await failure(() => channel.deliver(motionAlert(camera), new AbortController().signal))).toBeInstanceOf(TransientAlertError);
    plain.reply = () => ({ status: 400 });
    const final = await failure(() => channel.deliver(motionAlert(camera), new AbortController().signal));
    expect(final).not.toBeInstanceOf(TransientAlertError);
    expect(final.message).toBe(`HTTP 400 from ${plain.url}`);
  });

  it('a receiver that does not answer times out as a transient failure', async () => {
    const { camera, channel } = setup(`${plain.url}/slow`, [], 300);
    plain.reply = () => null;
    const error = await failure(() => channel.deliver(motionAlert(camera), new AbortController().signal));
    expect(error).toBeInstanceOf(TransientAlertError);
    expect(error.message).toBe(`time-out waiting for ${plain.url}`);
    plain.reply = () => ({ status: 200 });
  });

  it('a refused connection is transient', async () => {
    const closed = await startReceiver();
    await closed.close();
    const { camera, channel } = setup(`${closed.url}/hook`);
    expect(await failure(() => channel.deliver(motionAlert(camera), new AbortController().signal))).toBeInstanceOf(TransientAlertError);
  });

  it('verifies TLS: a self-signed certificate is a clear final error unless the host is listed', async () => {
    const refused = setup(`${tls.url}/hook`);
    const error = await failure(() => refused.channel.deliver(motionAlert(refused.camera), new AbortController().signal));
    expect(error).not.toBeInstanceOf(TransientAlertError);
    expect(error.message).toContain(`TLS certificate of ${tls.url} not accepted`);
    expect(error.message).toContain('insecure hosts');
    expect(tls.requests).toHaveLength(0);
    const listed = setup(`${tls.url}/hook`, ['127.0.0.1']);
    await listed.channel.deliver(motionAlert(listed.camera), new AbortController().signal);
    expect(tls.requests).toHaveLength(1);
    // Listing one host does not switch the check off for the others.
    const other = setup(`${tls.url.replace('127.0.0.1', 'localhost')}/hook`, ['127.0.0.1']);
    expect(await failure(() => other.channel.deliver(motionAlert(other.camera), new AbortController().signal))).not.toBeInstanceOf(TransientAlertError);
  });

  it('test() posts a test payload to each distinct camera URL, or to a given one', async () => {
    const before = plain.requests.length;
    const { channel } = setup(`${plain.url}/hook?token=${TOKEN}`);
    expect(await channel.test(new AbortController().signal)).toEqual({ detail: `HTTP 200 from ${plain.url}` });
    const request = plain.requests.at(-1)!;
    expect(JSON.parse(request.body)).toMatchObject({ version: 1, type: 'test', message: 'HomeCam test' });
    expect(await channel.test(new AbortController().signal, { url: `${plain.url}/other` })).toEqual({ detail: `HTTP 200 from ${plain.url}` });
    expect(plain.requests.at(-1)!.path).toBe('/other');
    expect(plain.requests.length).toBe(before + 2);
    plain.reply = () => ({ status: 404 });
    await expect(channel.test(new AbortController().signal)).rejects.toThrow(`HTTP 404 from ${plain.url}`);
    plain.reply = () => ({ status: 200 });
  });

  it('never logs the URL path/query or the secret', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    for (const line of log.lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('/hook');
      expect(line).not.toContain(SECRET);
    }
  });
});
