import { waitFor } from '@homecam/tools';
import { Client, FTPError } from 'basic-ftp';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { FtpTrigger } from '../src/triggers/ftp-trigger.js';
import type { SmtpTrigger } from '../src/triggers/smtp-trigger.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * SMTP and FTP credentials written in config.json reach the triggers (they used to be stripped by the shared
 * schema, so the triggers ran open) and survive every API write, with the keys HomeCam does not model.
 */
const SMTP = { active: true, username: 'mailcam', password: 'smtp-pa55', legacyFlag: 'kept' };
const FTP = { active: true, username: 'ftpcam', password: 'ftp-pa55' };
let app: HomecamApp;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = await makeDataDir();
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      plugins: [{ name: 'homebridge-x', platform: 'X' }],
      smtp: SMTP,
      ftp: FTP,
      cameras: [
        {
          name: 'Garage',
          videoConfig: { source: 'rtsp://127.0.0.1:9/none', vendorTweak: { level: 2 } },
          motionTimeout: 0,
          smtp: { email: 'garage' },
          hksv: { active: true },
        },
      ],
    }),
  );
  app = await createTestApp({ dataDir, triggers: { smtp: { port: 0, host: '127.0.0.1' }, ftp: { port: 0, host: '127.0.0.1' } } });
  await waitFor(() => app.modules.triggers.triggers.list().every((t) => t.name === 'http' || t.name === 'mqtt' || t.status === 'online'), {
    message: 'SMTP and FTP online',
  });
  admin = (await signedInUser(app, ['admin'])).token;
}, 30_000);

afterAll(async () => {
  await app?.close();
});

async function ftpLogin(user: string, password: string): Promise<void> {
  const port = (app.modules.triggers.triggers.get('ftp') as FtpTrigger).port() ?? 0;
  const ftp = new Client(5_000);
  try {
    await ftp.access({ host: '127.0.0.1', port, user, password });
    await ftp.list();
  } finally {
    ftp.close();
  }
}

async function sendMail(auth?: { user: string; pass: string }): Promise<void> {
  const port = (app.modules.triggers.triggers.get('smtp') as SmtpTrigger).port() ?? 0;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...(auth && { auth }) });
  try {
    await transport.sendMail({ from: 'camera@10.0.0.9', to: 'garage@homecam.local', subject: 'Motion', text: 'Motion detected' });
  } finally {
    transport.close();
  }
}

describe('SMTP and FTP credentials from config.json', () => {
  it('FTP refuses an anonymous login with 530 and lets the configured user in', async () => {
    const anonymous = await ftpLogin('anonymous', 'guest').catch((error: unknown) => error);
    expect(anonymous).toBeInstanceOf(FTPError);
    expect((anonymous as FTPError).code).toBe(530);
    await expect(ftpLogin('ftpcam', 'wrong')).rejects.toMatchObject({ code: 530 });
    await expect(ftpLogin('ftpcam', 'ftp-pa55')).resolves.toBeUndefined();
  });

  it('SMTP requires AUTH: mail without it is refused, with the configured user it is accepted', async () => {
    await expect(sendMail()).rejects.toMatchObject({ responseCode: 530 });
    await expect(sendMail({ user: 'mailcam', pass: 'wrong' })).rejects.toMatchObject({ responseCode: 535 });
    await expect(sendMail({ user: 'mailcam', pass: 'smtp-pa55' })).resolves.toBeUndefined();
  });

  it('API writes keep the credentials and the unknown keys in the file', async () => {
    const camera = await app.inject({ method: 'PATCH', url: '/api/cameras/Garage', headers: bearer(admin), payload: { motionTimeout: 5 } });
    expect(camera.statusCode).toBe(200);
    const settings = await app.inject({ method: 'PATCH', url: '/api/settings/notifications', headers: bearer(admin), payload: { removeAfter: 48 } });
    expect(settings.statusCode).toBe(200);
    const patch = await app.inject({ method: 'PATCH', url: '/api/config', headers: bearer(admin), payload: { ftp: { useFile: true } } });
    expect(patch.statusCode).toBe(200);

    const file = JSON.parse(await readFile(join(dataDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({
      plugins: [{ name: 'homebridge-x', platform: 'X' }],
      smtp: SMTP,
      ftp: { ...FTP, useFile: true },
      notifications: { removeAfter: 48 },
      cameras: [{ name: 'Garage', motionTimeout: 5, hksv: { active: true }, videoConfig: { vendorTweak: { level: 2 } } }],
    });
    // … and the triggers still hold them.
    await expect(ftpLogin('anonymous', 'guest')).rejects.toMatchObject({ code: 530 });
  });

  it('no one but an admin reads the trigger passwords', async () => {
    const { token } = await signedInUser(app, ['settings:general:edit', 'settings:cameras:edit', 'cameras:access']);
    for (const url of ['/api/config', '/api/config/smtp', '/api/config/ftp', '/api/config/mqtt', '/api/config/download', '/api/system/triggers']) {
      const response = await app.inject({ url, headers: bearer(token) });
      expect(response.body).not.toContain('pa55');
    }
    const asAdmin = await app.inject({ url: '/api/config/ftp', headers: bearer(admin) });
    expect(asAdmin.json()).toMatchObject({ password: 'ftp-pa55' });
  });
});
