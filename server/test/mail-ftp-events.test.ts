import { waitFor } from '@homecam/tools';
import type { Notification, Recording } from '@homecam/shared';
import { Client } from 'basic-ftp';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { FtpTrigger } from '../src/triggers/ftp-trigger.js';
import type { SmtpTrigger } from '../src/triggers/smtp-trigger.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The mail and FTP triggers wired into the whole app (the trigger tests stop at their sink): a camera's mail
 * or upload becomes a notification and a snapshot recording whose picture is the one the camera sent.
 */
const run = promisify(execFile);
let app: HomecamApp;
let viewer: string;
let picture: Buffer;

beforeAll(async () => {
  const dataDir = await makeDataDir();
  // A real JPEG (ffmpeg's test pattern), as a camera would attach or upload it.
  const file = join(dataDir, 'camera-picture.jpg');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180', '-frames:v', '1', '-y', file]);
  picture = await readFile(file);
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      recordings: { active: true, type: 'Snapshot' },
      smtp: { active: true },
      ftp: { active: true },
      cameras: [
        // No reachable stream: the picture can only come from the trigger.
        { name: 'Back Yard', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0, smtp: { email: 'backyard' } },
        { name: 'Garage', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0 },
      ],
    }),
  );
  app = await createTestApp({ dataDir, triggers: { smtp: { port: 0, host: '127.0.0.1' }, ftp: { port: 0, host: '127.0.0.1' } } });
  await waitFor(() => app.modules.triggers.triggers.list().every((t) => t.name === 'http' || t.name === 'mqtt' || t.status === 'online'), {
    message: 'SMTP and FTP online',
  });
  viewer = (await signedInUser(app, ['notifications:access', 'recordings:access'])).token;
}, 30_000);

afterAll(async () => {
  await app?.close();
});

async function eventFor(camera: string, trigger: string): Promise<{ notification: Notification; recording: Recording }> {
  const get = <T>(url: string) => app.inject({ url, headers: bearer(viewer) }).then((r) => r.json<{ result: T[] }>().result);
  const q = `cameras=${encodeURIComponent(camera)}`;
  const recording = await waitFor(async () => (await get<Recording>(`/api/recordings?${q}`)).find((r) => r.status === 'complete'), {
    message: `${camera}'s recording`,
  });
  const notification = await waitFor(async () => (await get<Notification>(`/api/notifications?${q}`))[0], { message: `${camera}'s notification` });
  expect(notification).toMatchObject({ type: 'motion', trigger, recordingId: recording.id });
  return { notification, recording };
}

async function served(url: string | null): Promise<Buffer> {
  const answer = await app.inject({ url: url ?? 'missing', headers: bearer(viewer) });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('image/jpeg');
  return answer.rawPayload;
}

describe('mail and FTP triggers through the app', () => {
  it("a camera's mail with a picture is a notification and a snapshot recording of that picture", async () => {
    const port = (app.modules.triggers.triggers.get('smtp') as SmtpTrigger).port() ?? 0;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: 'camera@10.0.0.9',
        to: 'backyard@homecam.local',
        subject: 'Motion alarm',
        text: 'Motion detected',
        attachments: [{ filename: 'alarm.jpg', content: picture, contentType: 'image/jpeg' }],
      });
    } finally {
      transport.close();
    }
    const { notification, recording } = await eventFor('Back Yard', 'smtp');
    expect(recording).toMatchObject({ type: 'Snapshot', trigger: 'smtp', camera: 'Back Yard' });
    expect((await served(recording.file)).equals(picture)).toBe(true);
    expect((await served(notification.thumbnail)).equals(picture)).toBe(true);
  });

  it('an upload into a camera folder is a notification and a snapshot recording of the uploaded picture', async () => {
    const port = (app.modules.triggers.triggers.get('ftp') as FtpTrigger).port() ?? 0;
    const ftp = new Client(5_000);
    try {
      await ftp.access({ host: '127.0.0.1', port, user: 'anonymous', password: 'guest' });
      await ftp.uploadFrom(Readable.from(picture), 'Garage/snap-0001.jpg');
    } finally {
      ftp.close();
    }
    const { notification, recording } = await eventFor('Garage', 'ftp');
    expect(recording).toMatchObject({ type: 'Snapshot', trigger: 'ftp' });
    expect((await served(notification.thumbnail)).equals(picture)).toBe(true);
  });

  it('mail for an unknown camera is refused and records nothing', async () => {
    const count = async () => (await app.inject({ url: '/api/notifications', headers: bearer(viewer) })).json<{ result: unknown[] }>().result.length;
    const before = await count();
    const port = (app.modules.triggers.triggers.get('smtp') as SmtpTrigger).port() ?? 0;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      await expect(transport.sendMail({ from: 'x@10.0.0.9', to: 'nobody@homecam.local', text: 'Motion' })).rejects.toThrow(/recipient|55\d/i);
    } finally {
      transport.close();
    }
    // The refusal happens at RCPT TO, before any data: there is nothing in flight to wait for.
    expect(await count()).toBe(before);
  });
});
