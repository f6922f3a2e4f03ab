import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cameraSchema, configFileSchema, type ConfigFile, type Notification, type TelegramType } from '@homecam/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TransientAlertError, type Alert, type AlertChannel } from '../src/alerts/channel.js';
import { createTelegramChannel, TelegramRefusedError } from '../src/alerts/telegram/index.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { FakeTelegram } from './helpers/fake-telegram.js';
import { IMAGE_BYTES } from './helpers/http.js';

const TOKEN = '123456789:AAE-secretSECRETsecret_0123456789ab';
const fake = new FakeTelegram();
const lines: string[] = [];
const log = {
  debug: (context: object, message: string) => lines.push(`${JSON.stringify(context)} ${message}`),
  info: (context: object, message: string) => lines.push(`${JSON.stringify(context)} ${message}`),
  warn: (context: object, message: string) => lines.push(`${JSON.stringify(context)} ${message}`),
};
let apiRoot: string;
let dir: string;
let clipPath: string;
const CLIP = Buffer.from('\x00\x00\x00\x18ftypmp42 a small but real-looking clip', 'latin1');

beforeAll(async () => {
  apiRoot = await fake.start();
  dir = await mkdtemp(join(tmpdir(), 'homecam-telegram-'));
  clipPath = join(dir, 'clip.mp4');
  await writeFile(clipPath, CLIP);
});
afterAll(async () => {
  await fake.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  fake.calls.length = 0;
  fake.queue.length = 0;
  fake.mode = { kind: 'ok' };
});

function configWith(telegram: Record<string, unknown>): ConfigFile {
  return configFileSchema.parse({ notifications: { telegram: { active: true, token: TOKEN, chatID: '111', ...telegram } } });
}

function channel(telegram: Record<string, unknown> = {}, extra: { uploadMaxBytes?: number; publicUrl?: string } = {}): AlertChannel {
  const config = configWith(telegram);
  return createTelegramChannel({ config: () => config, apiRoot, log, clock: new FakeClock(), uploadMaxBytes: extra.uploadMaxBytes, publicUrl: () => extra.publicUrl });
}

function alert(type: TelegramType, options: { label?: string; kind?: 'motion' | 'doorbell'; snapshot?: boolean; clipBytes?: number | null } = {}): Alert {
  const kind = options.kind ?? 'motion';
  const notification: Notification = {
    id: 'n1',
    camera: 'Front Door',
    room: null,
    type: kind,
    level: 'event',
    title: 'Front Door',
    message: kind === 'motion' ? 'Motion detected' : 'Doorbell',
    label: options.label ?? null,
    trigger: 'motion',
    recordingId: 'r1',
    thumbnail: null,
    timestamp: '2026-03-30T12:00:00.000Z',
  };
  const camera = cameraSchema.parse({ name: 'Front Door', videoConfig: { source: 'rtsp://cam/1' }, telegramType: type });
  const clipBytes = options.clipBytes === undefined ? CLIP.length : options.clipBytes;
  return {
    notification,
    camera,
    snapshot: () => Promise.resolve(options.snapshot === false ? null : IMAGE_BYTES.jpeg),
    clip: () => Promise.resolve(clipBytes === null ? null : { path: clipPath, bytes: clipBytes, mimeType: 'video/mp4' as const }),
  };
}

const signal = () => AbortSignal.timeout(5000);
const methods = () => fake.calls.map((call) => `${call.fields.chat_id} ${call.method}`);

describe('Telegram channel: what each telegramType sends', () => {
  it('Text: one sendMessage with the default text', async () => {
    await channel().deliver(alert('Text'), signal());
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({ token: TOKEN, method: 'sendMessage', fields: { chat_id: '111', text: 'Motion detected: Front Door' } });
    expect(fake.calls[0]?.contentType).toMatch(/^application\/json/);
  });

  it('Snapshot: sendPhoto with the event JPEG and the message as caption', async () => {
    await channel({ message: 'Someone at @ (@)' }).deliver(alert('Snapshot'), signal());
    expect(methods()).toEqual(['111 sendPhoto']);
    const call = fake.calls[0];
    expect(call?.contentType).toMatch(/^multipart\/form-data/);
    expect(call?.fields).toMatchObject({ chat_id: '111', caption: 'Someone at Front Door (Front Door)' });
    expect(call?.files.photo?.type).toBe('image/jpeg');
    expect(call?.files.photo?.bytes.equals(IMAGE_BYTES.jpeg)).toBe(true);
  });

  it('Text + Snapshot: the message, then the picture', async () => {
    await channel().deliver(alert('Text + Snapshot', { kind: 'doorbell' }), signal());
    expect(methods()).toEqual(['111 sendMessage', '111 sendPhoto']);
    expect(fake.calls[0]?.fields.text).toBe('Doorbell: Front Door');
    expect(fake.calls[1]?.files.photo?.bytes.equals(IMAGE_BYTES.jpeg)).toBe(true);
  });

  it('Video: sendVideo with the finished clip and the caption', async () => {
    await channel().deliver(alert('Video', { label: 'person, car' }), signal());
    expect(methods()).toEqual(['111 sendVideo']);
    expect(fake.calls[0]?.fields.caption).toBe('Motion detected: Front Door (person, car)');
    expect(fake.calls[0]?.files.video).toMatchObject({ filename: 'clip.mp4', type: 'video/mp4' });
    expect(fake.calls[0]?.files.video?.bytes.equals(CLIP)).toBe(true);
  });

  it('Text + Video: the message, then the video without a second copy of the text', async () => {
    await channel().deliver(alert('Text + Video'), signal());
    expect(methods()).toEqual(['111 sendMessage', '111 sendVideo']);
    expect(fake.calls[1]?.fields.caption).toBeUndefined();
    expect(fake.calls[1]?.files.video?.bytes.equals(CLIP)).toBe(true);
  });

  it('a clip over the upload limit: the snapshot, saying so, with the HomeCam link when there is a public URL', async () => {
    await channel({}, { uploadMaxBytes: 10, publicUrl: 'https://cam.example.org/' }).deliver(alert('Video', { clipBytes: 60 * 1024 * 1024 }), signal());
    expect(methods()).toEqual(['111 sendPhoto']);
    // multipart/form-data carries line breaks as CRLF (the HTML form encoding); Telegram shows either the same.
    expect(fake.calls[0]?.fields.caption?.replaceAll('\r\n', '\n')).toBe(
      'Motion detected: Front Door\nThe clip (60 MB) is too large for Telegram. Watch it in HomeCam: https://cam.example.org/notifications',
    );
    fake.calls.length = 0;
    await channel({}, { uploadMaxBytes: 10 }).deliver(alert('Video', { clipBytes: 11, snapshot: false }), signal());
    expect(methods()).toEqual(['111 sendMessage']);
    expect(fake.calls[0]?.fields.text).toBe('Motion detected: Front Door\nThe clip (0 MB) is too large for Telegram.');
  });

  it('no snapshot: Snapshot falls back to the text', async () => {
    await channel().deliver(alert('Snapshot', { snapshot: false }), signal());
    expect(fake.calls.map((call) => [call.method, call.fields.text])).toEqual([['sendMessage', 'Motion detected: Front Door']]);
  });

  it('several chats: one send each, in order', async () => {
    await channel({ chatID: '111, -1002233, @homecam_alerts' }).deliver(alert('Text + Snapshot'), signal());
    expect(methods()).toEqual(['111 sendMessage', '111 sendPhoto', '-1002233 sendMessage', '-1002233 sendPhoto', '@homecam_alerts sendMessage', '@homecam_alerts sendPhoto']);
  });
});

describe('Telegram channel: settings and accepts', () => {
  it('is enabled only when active with a token and a chat id', () => {
    expect(channel().enabled()).toBe(true);
    expect(channel({ active: false }).enabled()).toBe(false);
    expect(channel({ token: undefined }).enabled()).toBe(false);
    expect(channel({ chatID: ' , ' }).enabled()).toBe(false);
  });

  it('accepts camera events unless the camera says Disabled or leaves Telegram out', () => {
    const telegram = channel();
    expect(telegram.accepts(alert('Snapshot'))).toBe(true);
    expect(telegram.accepts(alert('Disabled'))).toBe(false);
    const system = alert('Text');
    expect(telegram.accepts({ ...system, camera: null, notification: { ...system.notification, level: 'WARN', type: 'WARN' } })).toBe(false);
    const other = alert('Text');
    expect(telegram.accepts({ ...other, camera: other.camera && { ...other.camera, alertChannels: ['push'] } })).toBe(false);
  });
});

describe('Telegram channel: failures', () => {
  it('429 is transient with retry_after in ms; a retry skips the chats already served', async () => {
    const telegram = channel({ chatID: '111,222' });
    const event = alert('Text');
    fake.queue.push({ kind: 'ok' }, { kind: 'rateLimited', retryAfter: 7 });
    const error = await telegram.deliver(event, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientAlertError);
    expect((error as TransientAlertError).retryAfterMs).toBe(7000);
    await telegram.deliver(event, signal());
    expect(methods()).toEqual(['111 sendMessage', '222 sendMessage', '222 sendMessage']);
  });

  it('500 and an unreachable server are transient', async () => {
    fake.queue.push({ kind: 'error', status: 500, description: 'Internal Server Error' });
    await expect(channel().deliver(alert('Text'), signal())).rejects.toBeInstanceOf(TransientAlertError);
    const down = createTelegramChannel({ config: () => configWith({}), apiRoot: 'http://127.0.0.1:9', log, clock: new FakeClock() });
    await expect(down.deliver(alert('Text'), signal())).rejects.toThrow(TransientAlertError);
  });

  it('401 and 400 are final, with a clear message', async () => {
    fake.queue.push({ kind: 'error', status: 401, description: 'Unauthorized' });
    const unauthorized = await channel().deliver(alert('Text'), signal()).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(TelegramRefusedError);
    expect(unauthorized).not.toBeInstanceOf(TransientAlertError);
    expect((unauthorized as Error).message).toBe('Telegram sendMessage refused (401 Unauthorized): the bot token was rejected');
    fake.queue.push({ kind: 'error', status: 400, description: 'Bad Request: chat not found' });
    await expect(channel().deliver(alert('Text'), signal())).rejects.toThrow('Telegram sendMessage refused (400 Bad Request: chat not found): check the chat id');
  });

  it('a server that never answers: the signal ends the call as a transient time-out', async () => {
    fake.mode = { kind: 'hang' };
    const error = await channel().deliver(alert('Snapshot'), AbortSignal.timeout(200)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientAlertError);
    expect((error as Error).message).toBe('Telegram sendPhoto: no answer in time');
  });

  it('a token not in BotFather\'s shape never reaches a URL', async () => {
    await expect(channel({ token: '1:short/../x' }).deliver(alert('Text'), signal())).rejects.toThrow('the Telegram bot token is malformed');
    expect(fake.calls).toEqual([]);
  });

  it('the token never appears in an error message or a log line, even when Telegram echoes it', async () => {
    const messages: string[] = [];
    fake.queue.push({ kind: 'error', status: 404, description: `Not Found: /bot${TOKEN}/sendMessage` });
    fake.queue.push({ kind: 'rateLimited', retryAfter: 1 }, { kind: 'error', status: 502, description: `Bad Gateway ${TOKEN}` });
    for (let i = 0; i < 3; i++) messages.push(String(await channel().deliver(alert('Text'), signal()).catch((e: unknown) => (e as Error).message)));
    fake.mode = { kind: 'hang' };
    messages.push(String(await channel().deliver(alert('Text'), AbortSignal.timeout(100)).catch((e: unknown) => (e as Error).message)));
    fake.mode = { kind: 'ok' };
    await channel().deliver(alert('Text + Video'), signal());
    await channel().test(signal());
    expect(messages[0]).toContain('/bot<token>/sendMessage');
    expect(messages).toHaveLength(4);
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...messages, ...lines]) expect(text).not.toContain(TOKEN.split(':')[1]);
  });
});

describe('Telegram channel: send a test', () => {
  it('asks getMe for the bot name and sends "HomeCam test" to each chat', async () => {
    const result = await channel({ chatID: '111,@homecam_alerts' }).test(signal());
    expect(result).toEqual({ detail: 'sent to 2 chat(s) as @homecam_test_bot' });
    expect(fake.calls.map((call) => [call.method, call.fields.chat_id, call.fields.text])).toEqual([
      ['getMe', undefined, undefined],
      ['sendMessage', '111', 'HomeCam test'],
      ['sendMessage', '@homecam_alerts', 'HomeCam test'],
    ]);
  });

  it('without a token or chat it says what is missing', async () => {
    await expect(channel({ token: undefined }).test(signal())).rejects.toThrow('Telegram is not configured: set the bot token and at least one chat id');
  });
});

describe('Telegram channel: layering', () => {
  it('uses only lib, errors, events, the alert contract, its config.json block, the option parser, the shared package and Node built-ins (no HTTP server, sockets or storage)', () => {
    const folder = join(import.meta.dirname, '..', 'src', 'alerts', 'telegram');
    const specifiers = readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) => [...readFileSync(join(folder, name), 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? ''));
    expect(specifiers.length).toBeGreaterThan(5);
    const allowed = /^(?:@homecam\/shared|node:(?:fs|path|stream)|\.\/[\w-]+\.js|\.\.\/channel(?:-plugin)?\.js|\.\.\/\.\.\/(?:lib|errors|events)\/.+|\.\.\/\.\.\/services\/config\.service\.js|\.\.\/\.\.\/cli\/options\.js)$/;
    expect(specifiers.filter((specifier) => !allowed.test(specifier))).toEqual([]);
  });
});
