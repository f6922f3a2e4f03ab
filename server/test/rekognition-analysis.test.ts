import type { Integration, Notification, NotificationList, Recording } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeRekognition } from './helpers/fake-rekognition.js';
import { LogCapture } from './helpers/log-capture.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const KEYS = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'eu-west-1' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 7, 7, 7, 0xff, 0xd9]);
// Long enough that a loaded CI machine answers the fake in time (600 ms timed out under a load of 18), short enough for the slow case.
const TIMEOUT_MS = 2_000;

const fake = new FakeRekognition(KEYS);
const logs = new LogCapture();
let app: HomecamApp;
let admin: string;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function notifications(query = ''): Promise<Notification[]> {
  return (await app.inject({ url: `/api/notifications${query}`, headers: bearer(admin) })).json<NotificationList>().result;
}

/** One motion event through the trigger sink (the HTTP trigger's path) with its picture; resets it right after. */
function motion(camera: string): void {
  expect(app.homecam.cameraEvents.sink().motion(camera, 'http', { image: JPEG })).toMatchObject({ accepted: true });
  void app.homecam.cameraEvents.sink().motionReset(camera, 'http');
}

async function plugin(): Promise<Integration> {
  const list = (await app.inject({ url: '/api/plugins', headers: bearer(admin) })).json<{ result: Integration[] }>().result;
  const found = list.find((item) => item.id === 'rekognition');
  if (!found) throw new Error('no rekognition integration');
  return found;
}

beforeAll(async () => {
  const endpoint = await fake.start();
  const dataDir = await makeDataDir();
  const camera = (name: string, labels: string[]) => ({
    name,
    room: 'Outside',
    videoConfig: { source: 'rtsp://127.0.0.1:9/none' },
    recordingTimer: 1,
    rekognition: { active: true, confidence: 80, labels },
  });
  const config = {
    recordings: { active: true, type: 'Snapshot' },
    aws: { active: true, ...KEYS, contingent_total: 100 },
    cameras: [camera('Yard', []), camera('Drive', ['Person']), { name: 'Plain', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' } }],
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  app = await createTestApp({ dataDir, logLevel: 'trace', logStream: logs, analysis: { endpoint, timeoutMs: TIMEOUT_MS } });
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

describe('Rekognition analysis of motion events', () => {
  it('labels the notification and the recording with what passes the confidence, signed for the configured keys', async () => {
    fake.labels = [{ Name: 'Car', Confidence: 81.5 }, { Name: 'Human', Confidence: 97.2 }, { Name: 'Tree', Confidence: 60 }];
    motion('Yard');
    const note = await until(async () => (await notifications('?cameras=Yard'))[0], 'the notification');
    // In the local detector's vocabulary: one label filter finds either detector's events
    expect(note).toMatchObject({ label: 'person', labels: ['person', 'car'] });
    const call = fake.calls.at(-1);
    expect(call?.signatureValid).toBe(true);
    expect(call?.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEYS.accessKeyId}/\\d{8}/eu-west-1/rekognition/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-target`));
    expect(call?.image.equals(JPEG)).toBe(true);
    // The label filter finds it by any of its labels, not by one it does not have.
    expect((await notifications('?labels=Car')).map((n) => n.id)).toContain(note.id);
    expect((await notifications('?labels=Person')).map((n) => n.id)).toContain(note.id); // case-blind
    expect((await notifications('?labels=Tree')).map((n) => n.id)).not.toContain(note.id);
    const recording = await until(async () => {
      const list = (await app.inject({ url: '/api/recordings?labels=Car', headers: bearer(admin) })).json<{ result: Recording[] }>().result;
      return list.find((r) => r.id === note.recordingId);
    }, 'the labelled recording');
    expect(recording).toMatchObject({ label: 'person', labels: ['person', 'car'] });
  });

  it('drops the event when none of the camera\'s labels is seen: no notification, counted, logged; the recording stays', async () => {
    fake.labels = [{ Name: 'Cat', Confidence: 99 }];
    const before = fake.calls.length;
    motion('Drive');
    await until(() => (logs.text.includes('event dropped') ? true : undefined), 'the drop log line');
    expect(fake.calls.length).toBe(before + 1);
    expect(logs.text).toMatch(/"camera":"Drive".*"seen":\["Cat 99.0%"\].*event dropped/);
    expect(await notifications('?cameras=Drive')).toEqual([]);
    expect((await plugin()).detail).toMatchObject({ code: 'REKOGNITION', analysis: { analysed: 2, dropped: 1, droppedBy: { Drive: 1 }, skippedBudget: 0, failed: 0 } });
    const recordings = (await app.inject({ url: '/api/recordings?cameras=Drive', headers: bearer(admin) })).json<{ result: Recording[] }>().result;
    expect(recordings).toHaveLength(1);
    // A match lets the next one through.
    fake.labels = [{ Name: 'person', Confidence: 90 }];
    motion('Drive');
    expect(await until(async () => (await notifications('?cameras=Drive'))[0], 'the matching notification')).toMatchObject({ label: 'person' });
  });

  it('does not call AWS for a camera without analysis: the event goes on at once as before', async () => {
    const before = fake.calls.length;
    motion('Plain');
    expect(await until(async () => (await notifications('?cameras=Plain'))[0], 'the notification')).toMatchObject({ label: 'motion' });
    expect(fake.calls.length).toBe(before);
  });

  it('goes on unlabelled when the endpoint is too slow, and shows the error without the secret', async () => {
    fake.labels = [{ Name: 'Person', Confidence: 99 }];
    fake.delayMs = TIMEOUT_MS * 3;
    const before = (await notifications('?cameras=Yard')).length;
    motion('Yard');
    const note = await until(async () => {
      const list = await notifications('?cameras=Yard');
      return list.length > before ? list[0] : undefined;
    }, 'the unlabelled notification');
    fake.delayMs = 0;
    expect(note).toMatchObject({ label: 'motion' });
    expect(note?.labels).toBeUndefined();
    const status = await plugin();
    expect(status.lastError?.message).toMatch(new RegExp(`no answer within ${TIMEOUT_MS} ms`));
  });

  it('reports AWS errors (a wrong secret) on the plugins page, never the secret itself', async () => {
    await app.modules.analysis.rekognition.patch({ secretAccessKey: 'wrong-secret-value-1234567890' });
    try {
      const before = (await notifications('?cameras=Yard')).length;
      motion('Yard');
      await until(async () => ((await notifications('?cameras=Yard')).length > before ? true : undefined), 'the notification');
      expect(fake.calls.at(-1)?.signatureValid).toBe(false);
      const status = await plugin();
      expect(status.lastError?.message).toMatch(/403: InvalidSignatureException/);
      expect(JSON.stringify(status)).not.toContain('wrong-secret-value');
    } finally {
      await app.modules.analysis.rekognition.patch({ secretAccessKey: KEYS.secretAccessKey });
    }
  });

  it('makes no call once the monthly contingent is used up: the event goes on unlabelled, logged once', async () => {
    const used = (await app.modules.analysis.usage.current()).used;
    await app.modules.analysis.rekognition.patch({ contingentTotal: used });
    const calls = fake.calls.length;
    const before = (await notifications('?cameras=Yard')).length;
    motion('Yard');
    const note = await until(async () => {
      const list = await notifications('?cameras=Yard');
      return list.length > before ? list[0] : undefined;
    }, 'the notification');
    expect(note).toMatchObject({ label: 'motion' });
    expect(fake.calls.length).toBe(calls);
    expect(logs.text).toMatch(/monthly contingent used up/);
    expect(await plugin()).toMatchObject({ state: 'error', detail: { code: 'BUDGET_USED_UP', total: used } });
  });

  it('never writes the secret into the log', () => {
    expect(logs.text.length).toBeGreaterThan(0);
    expect(logs.text).not.toContain(KEYS.secretAccessKey);
    expect(logs.text).not.toContain('wrong-secret-value');
  });
});
