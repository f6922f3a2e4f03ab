import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { cameraByBody, cameraByRecipient, cameraBySender } from './smtp-match.js';
import { SmtpTrigger, type SmtpTriggerOptions } from './smtp-trigger.js';
import { CAMERAS, RecordingSink, freePort, portIsFree } from './test-support.js';
import type { TriggerCamera, TriggerStatusEvent } from './trigger.js';

interface MailInput {
  to: string | string[];
  from?: string;
  text?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

describe('SMTP camera selection', () => {
  const cameras: TriggerCamera[] = [
    { name: 'Front Door' },
    { name: 'Garage', smtp: { email: 'garage-cam', from: 'hikvision', body: 'Channel 7' } },
    { name: 'Shed', smtp: { email: 'shed@cams.example', from: 'nvr@cams.example', body: 'Channel 1' } },
  ];

  it('recipient: smtp.email, else the name, spaces written as the replace string', () => {
    expect(cameraByRecipient(cameras, 'Front+Door@homecam', '+')?.name).toBe('Front Door');
    expect(cameraByRecipient(cameras, 'front_door@x', '_')?.name).toBe('Front Door');
    expect(cameraByRecipient(cameras, 'FrontDoor@x', '+')?.name).toBe('Front Door');
    expect(cameraByRecipient(cameras, 'GARAGE-CAM@anything', '+')?.name).toBe('Garage');
    expect(cameraByRecipient(cameras, 'garage@anything', '+')?.name).toBe('Garage');
    expect(cameraByRecipient(cameras, 'shed@cams.example', '+')?.name).toBe('Shed');
    expect(cameraByRecipient(cameras, 'shed@elsewhere', '+')?.name).toBe('Shed'); // by name
    expect(cameraByRecipient(cameras, 'backyard@x', '+')).toBeUndefined();
  });

  it('sender: smtp.from by local part or whole address; the null sender matches nothing', () => {
    expect(cameraBySender(cameras, 'HikVision@10.0.0.9', '+')?.name).toBe('Garage');
    expect(cameraBySender(cameras, 'nvr@cams.example', '+')?.name).toBe('Shed');
    expect(cameraBySender(cameras, 'nvr@other.example', '+')).toBeUndefined();
    expect(cameraBySender(cameras, '', '+')).toBeUndefined();
  });

  it('body: the first camera whose text occurs in subject, text or HTML', () => {
    expect(cameraByBody(cameras, { text: 'Alarm: Channel 7 motion' })?.name).toBe('Garage');
    expect(cameraByBody(cameras, { subject: 'Channel 1 alarm' })?.name).toBe('Shed');
    expect(cameraByBody(cameras, { html: '<p>channel 7</p>' })).toBeUndefined();
  });
});

describe('SmtpTrigger with a real SMTP client (nodemailer)', () => {
  let trigger: SmtpTrigger | undefined;
  afterEach(async () => {
    await trigger?.stop();
    trigger = undefined;
  });

  async function startTrigger(options: Partial<SmtpTriggerOptions> = {}, cameras: () => TriggerCamera[] = () => CAMERAS) {
    const sink = new RecordingSink();
    const t = new SmtpTrigger({ port: 0, host: '127.0.0.1', ...options }, { cameras, sink });
    trigger = t;
    await t.start();
    return { trigger: t, sink, port: t.port() ?? 0 };
  }

  function transport(port: number, auth?: { user: string; pass: string }) {
    return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...(auth && { auth }) });
  }

  async function send(port: number, mail: MailInput, auth?: { user: string; pass: string }) {
    const t = transport(port, auth);
    try {
      return await t.sendMail({ from: 'camera@10.0.0.9', subject: 'Alarm', text: 'Motion detected', ...mail });
    } finally {
      t.close();
    }
  }

  it('by recipient local part: Front+Door@… is Front Door', async () => {
    const { sink, port } = await startTrigger();
    const info = await send(port, { to: 'Front+Door@homecam.local' });
    expect(info.response).toMatch(/^250 OK: motion for Front Door/);
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'Front Door', source: 'smtp' }]);
  });

  it('by sender when the recipient is no camera', async () => {
    const { sink, port } = await startTrigger();
    await send(port, { from: 'hikvision@10.0.0.9', to: 'alarm@homecam.local' });
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'Garage', source: 'smtp' }]);
  });

  it('by a text in the body when neither address names a camera', async () => {
    const { sink, port } = await startTrigger();
    await send(port, { to: 'alarm@homecam.local', text: 'NVR alarm: Channel 7 motion at 12:00' });
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'Garage', source: 'smtp' }]);
  });

  it('an unknown recipient is refused with 550 at RCPT TO when no camera has a body text', async () => {
    const { sink, port } = await startTrigger({}, () => [{ name: 'Front Door' }]);
    const error = (await send(port, { to: 'Backyard@homecam.local' }).catch((e: unknown) => e)) as { responseCode?: number; response?: string };
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('no camera by that name');
    expect(sink.calls).toEqual([]);
  });

  it('an unmatched mail is refused with 550 after DATA when body texts are configured', async () => {
    const { sink, port } = await startTrigger();
    const error = (await send(port, { to: 'backyard@homecam.local', text: 'Channel 9' }).catch((e: unknown) => e)) as { responseCode?: number; response?: string };
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('No camera matched');
    expect(sink.calls).toEqual([]);
  });

  it('passes the first image attachment through as extra.image', async () => {
    const { sink, port } = await startTrigger();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(50_000, 7), Buffer.from([0xff, 0xd9])]);
    await send(port, {
      to: 'My+Camera@homecam.local',
      attachments: [
        { filename: 'notes.txt', content: 'not an image' },
        { filename: 'snap.jpg', content: jpeg, contentType: 'image/jpeg' },
      ],
    });
    expect(sink.calls).toHaveLength(1);
    expect(sink.calls[0]?.camera).toBe('My Camera');
    expect(sink.calls[0]?.image?.equals(jpeg)).toBe(true);
  });

  it('a mail to two cameras is motion for both', async () => {
    const { sink, port } = await startTrigger();
    await send(port, { to: ['Front+Door@homecam.local', 'garage-cam@homecam.local'] });
    expect(sink.calls.map((c) => c.camera)).toEqual(['Front Door', 'Garage']);
  });

  it('refuses a message over the size limit and calls nothing', async () => {
    const { sink, port } = await startTrigger({ maxMessageBytes: 20_000 });
    const error = (await send(port, { to: 'Garage@x', attachments: [{ filename: 'a.jpg', content: Buffer.alloc(40_000, 1) }] }).catch((e: unknown) => e)) as {
      responseCode?: number;
    };
    expect(error.responseCode).toBe(552);
    expect(sink.calls).toEqual([]);
  });

  it('a skip is still 250; a failing handler is 451', async () => {
    const { sink, port } = await startTrigger();
    sink.answer = () => ({ accepted: false, reason: 'skipped', message: 'At Home is active' });
    expect((await send(port, { to: 'Garage@x' })).response).toContain('250 OK: skipped: At Home is active');
    sink.answer = () => {
      throw new Error('boom');
    };
    const error = (await send(port, { to: 'Garage@x' }).catch((e: unknown) => e)) as { responseCode?: number };
    expect(error.responseCode).toBe(451);
  });

  describe('with a user and password', () => {
    const auth = { username: 'camera', password: 'pa55-word' };

    it('refuses mail without AUTH', async () => {
      const { sink, port } = await startTrigger(auth);
      const error = (await send(port, { to: 'Garage@x' }).catch((e: unknown) => e)) as { responseCode?: number };
      expect(error.responseCode).toBe(530);
      expect(sink.calls).toEqual([]);
    });

    it('refuses wrong credentials with 535', async () => {
      const { sink, port } = await startTrigger(auth);
      const error = (await send(port, { to: 'Garage@x' }, { user: 'camera', pass: 'wrong' }).catch((e: unknown) => e)) as { responseCode?: number };
      expect(error.responseCode).toBe(535);
      expect(sink.calls).toEqual([]);
    });

    it('accepts the right credentials (AUTH PLAIN and LOGIN)', async () => {
      const { sink, port } = await startTrigger(auth);
      await send(port, { to: 'Garage@x' }, { user: 'camera', pass: 'pa55-word' });
      const login = nodemailer.createTransport({
        host: '127.0.0.1',
        port,
        ignoreTLS: true,
        authMethod: 'LOGIN',
        auth: { user: 'camera', pass: 'pa55-word' },
      });
      await login.sendMail({ from: 'a@b', to: 'Front+Door@x', text: 'x' });
      login.close();
      expect(sink.calls.map((c) => c.camera)).toEqual(['Garage', 'Front Door']);
    });

    it('a user without a password is a clear start error', async () => {
      const t = new SmtpTrigger({ port: 0, host: '127.0.0.1', username: 'camera' }, { cameras: () => CAMERAS, sink: new RecordingSink() });
      await expect(t.start()).rejects.toThrow('SMTP trigger: set both a user and a password, or neither');
      expect(t.status()).toBe('offline');
    });
  });

  it('with a certificate: STARTTLS, and the login only inside TLS', async () => {
    const fixture = (name: string): string => readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'utf8');
    const tls = { key: fixture('tls-localhost.key'), cert: fixture('tls-localhost.crt') };
    const { sink, port } = await startTrigger({ tls, username: 'camera', password: 'pa55-word' });
    const auth = { user: 'camera', pass: 'pa55-word' };

    const secure = nodemailer.createTransport({ host: '127.0.0.1', port, requireTLS: true, tls: { ca: tls.cert, servername: 'localhost' }, auth });
    const info = await secure.sendMail({ from: 'a@b', to: 'Garage@x', text: 'x' });
    secure.close();
    expect(info.response).toMatch(/^250 /);

    const plain = nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true, auth });
    const error = (await plain.sendMail({ from: 'a@b', to: 'Garage@x', text: 'x' }).catch((e: unknown) => e)) as { responseCode?: number };
    plain.close();
    expect(error.responseCode).toBe(538);
    expect(sink.calls.map((c) => c.camera)).toEqual(['Garage']);
  });

  it('without credentials configured any AUTH is accepted (cameras that insist on logging in)', async () => {
    const { sink, port } = await startTrigger();
    await send(port, { to: 'Garage@x' }, { user: 'whoever', pass: 'whatever' });
    expect(sink.calls).toHaveLength(1);
  });

  it('start, stop and restart flip the status and free the port', async () => {
    const port = await freePort();
    const { trigger: t, sink } = await startTrigger({ port });
    const events: TriggerStatusEvent[] = [];
    t.on('status', (e) => events.push(e));
    expect(t.status()).toBe('online');
    await t.stop();
    expect(t.status()).toBe('offline');
    expect(await portIsFree(port)).toBe(true);
    await expect(send(port, { to: 'Garage@x' })).rejects.toThrow();
    await t.restart();
    await send(port, { to: 'Garage@x' });
    expect(sink.calls).toHaveLength(1);
    expect(events.map((e) => e.status)).toEqual(['offline', 'online']);

    const second = new SmtpTrigger({ port, host: '127.0.0.1' }, { cameras: () => CAMERAS, sink });
    await expect(second.start()).rejects.toThrow(`SMTP trigger: port ${port} is already in use`);
    expect(second.lastError()).toContain('already in use');
  });
});
