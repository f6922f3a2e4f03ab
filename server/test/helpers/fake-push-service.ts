import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the fake push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback speaking RFC 8030 as far as a sender sees it: it takes POSTs on any path, records
 * them and answers 201 (or the status set for a path). Tests wait for a push with `next(path)`, never by sleeping.
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  private readonly statuses = new Map<string, number>();
  private waiters: { path: string; resolve: (push: ReceivedPush) => void }[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
        response.writeHead(this.statuses.get(push.path) ?? 201).end();
        this.received.push(push);
        const waiting = this.waiters.filter((w) => w.path === push.path);
        this.waiters = this.waiters.filter((w) => w.path !== push.path);
        for (const waiter of waiting) waiter.resolve(push);
      });
    });
  }

  static async start(): Promise<FakePushService> {
    const service = new FakePushService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers every later push to `path` with `status` (e.g. 410 Gone). */
  answer(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  /** The next push to `path` that arrives after this call. */
  next(path: string): Promise<ReceivedPush> {
    return new Promise((resolve) => this.waiters.push({ path, resolve }));
  }

  pushesTo(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and RFC 8291 decryption. */
export class PushClient {
  private readonly ecdh = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  /** What PushSubscription.toJSON() gives the page. */
  subscription(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /**
   * RFC 8291 §3-4 with RFC 8188 framing: header = salt(16) | rs(4) | idlen(1) | keyid (the sender's ephemeral
   * public key); one record, AES-128-GCM, plaintext = data | 0x02 | zero padding.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(-16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** `vapid t=<jwt>, k=<key>` (RFC 8292 §3). */
export function parseVapidAuthorization(header: string | undefined): { jwt: string; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header ?? '(none)'}`);
  return { jwt: match[1], key: match[2] };
}

/** Verifies the ES256 JWT with the uncompressed P-256 public key (base64url); returns header and claims. */
export function verifyVapidJwt(jwt: string, publicKey: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [head, payload, signature] = jwt.split('.');
  if (!head || !payload || !signature) throw new Error('not a JWT');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('bad JWT signature');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(head), claims: decode(payload) };
}
