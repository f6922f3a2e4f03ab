/**
 * The alert channels of `npm run bench:events`: a local Bot API fake (the server gets HOMECAM_TELEGRAM_API_ROOT),
 * a webhook receiver (the cameras' webhookUrl, checking the HMAC signature with the install's secret) and an
 * "announce" receiver for Alexa's webhook mode, so Telegram, webhook, Alexa and web push are all on while the
 * triggers run. Each arrival is timed on receipt of the request's last byte.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from './server.js';

export const BENCH_TELEGRAM_TOKEN = '123456:BENCHbenchBENCHbenchBENCH_0123456789';

export interface Arrival {
  at: number;
  /** Bot API method, or the receiver path (`/hook`, `/announce`). */
  kind: string;
  /** The camera the request names (Telegram: found in the text or caption; webhook: the payload's camera). */
  camera: string | null;
  trigger: string | null;
  /** Webhook only: whether X-HomeCam-Signature checked out with the install's secret. */
  signed: boolean | null;
}

export interface AlertFakes {
  telegramUrl: string;
  receiverUrl: string;
  telegram: Arrival[];
  hooks: Arrival[];
  setSecret(secret: string): void;
  close(): Promise<void>;
}

function listenLocal(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function signatureOk(secret: string, req: IncomingMessage, body: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${String(req.headers['x-homecam-timestamp'])}.${body}`).digest('hex')}`);
  const given = Buffer.from(String(req.headers['x-homecam-signature'] ?? ''));
  return secret !== '' && expected.length === given.length && timingSafeEqual(expected, given);
}

/** Telegram's text of a multipart or JSON call (the caption or text names the camera). */
async function telegramText(req: IncomingMessage, body: Buffer): Promise<string> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    const json = JSON.parse(body.toString('utf8')) as { text?: string; caption?: string };
    return json.text ?? json.caption ?? '';
  }
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  const text = form.get('caption') ?? form.get('text');
  return typeof text === 'string' ? text : '';
}

export async function startAlertFakes(cameras: readonly string[]): Promise<AlertFakes> {
  const telegram: Arrival[] = [];
  const hooks: Arrival[] = [];
  let secret = '';
  const bot = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const at = performance.now();
      const method = /^\/bot[^/]+\/(\w+)$/.exec(req.url ?? '')?.[1] ?? '?';
      const text = await telegramText(req, body).catch(() => '');
      telegram.push({ at, kind: method, camera: cameras.find((c) => text.includes(c)) ?? null, trigger: null, signed: null });
      const result = method === 'getMe' ? { id: 1, is_bot: true, first_name: 'Bench', username: 'bench_bot' } : { message_id: telegram.length };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
    });
  });
  const receiver = createServer((req, res) => {
    void readBody(req).then((body) => {
      const at = performance.now();
      const text = body.toString('utf8');
      const payload = JSON.parse(text || '{}') as { camera?: string; trigger?: string; message?: string };
      const path = req.url ?? '';
      const camera = payload.camera ?? cameras.find((c) => payload.message?.includes(c)) ?? null;
      hooks.push({ at, kind: path, camera, trigger: payload.trigger ?? null, signed: path === '/hook' ? signatureOk(secret, req, text) : null });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const telegramUrl = await listenLocal(bot);
  const receiverUrl = await listenLocal(receiver);
  const close = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    telegramUrl,
    receiverUrl,
    telegram,
    hooks,
    setSecret: (value) => void (secret = value),
    close: async () => {
      await close(bot);
      await close(receiver);
    },
  };
}

/** Telegram (Snapshot: the event picture with its caption), the webhook and Alexa's announce webhook, all on. */
export async function configureAlertChannels(api: Api, fakes: AlertFakes): Promise<void> {
  await api.request('PATCH', '/api/settings/notifications/telegram', { active: true, token: BENCH_TELEGRAM_TOKEN, chatID: '4242' });
  await api.request('PATCH', '/api/settings/notifications/webhook', { active: true });
  await api.request('PATCH', '/api/settings/notifications/alexa', { active: true, mode: 'webhook', url: `${fakes.receiverUrl}/announce` });
  const webhook = await api.request<{ secret?: string }>('GET', '/api/settings/notifications/webhook');
  if (!webhook.secret) throw new Error('the webhook settings gave the admin no secret');
  fakes.setSecret(webhook.secret);
}

/** The camera fields that make every channel fire for it. */
export function cameraAlertFields(fakes: AlertFakes): { telegramType: 'Snapshot'; alexa: true; webhookUrl: string } {
  return { telegramType: 'Snapshot', alexa: true, webhookUrl: `${fakes.receiverUrl}/hook` };
}

/** The first arrival after `from` (an index) for `camera` that `match` accepts, waiting until `deadline`. */
export async function waitForArrival(list: Arrival[], from: number, match: (a: Arrival) => boolean, deadline: number): Promise<Arrival | null> {
  for (;;) {
    const hit = list.slice(from).find(match);
    if (hit) return hit;
    if (performance.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
