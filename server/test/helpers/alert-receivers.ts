import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cameraSchema,
  configFileSchema,
  type Camera,
  type CameraInput,
  type ConfigFile,
  type ConfigFileInput,
  type Notification,
} from '@homecam/shared';
import type { Alert } from '../../src/alerts/channel.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the fake answers: a status (and headers), or null to never answer (time-out tests). */
export type Reply = { status: number; headers?: Record<string, string> } | null;

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  reply: (request: ReceivedRequest) => Reply;
  close(): Promise<void>;
}

function handler(receiver: Omit<Receiver, 'url' | 'close'>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      receiver.requests.push(request);
      const reply = receiver.reply(request);
      if (!reply) return; // hang: the client's time-out must end it
      res.writeHead(reply.status, reply.headers).end('{}');
    });
  };
}

/** A local HTTP (or HTTPS with `tls`) receiver on 127.0.0.1, port chosen by the OS. */
export async function startReceiver(tls?: { key: string; cert: string }): Promise<Receiver> {
  const state: Omit<Receiver, 'url' | 'close'> = { requests: [], reply: () => ({ status: 200 }) };
  const server = tls ? createHttpsServer(tls, handler(state)) : createHttpServer(handler(state));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get reply() {
      return state.reply;
    },
    set reply(fn) {
      state.reply = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

/** A self-signed certificate for 127.0.0.1 made by the openssl CLI (no network, a temp dir removed at once). */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'homecam-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function testCamera(fields: Partial<CameraInput> = {}): Camera {
  return cameraSchema.parse({ name: 'Front Door', videoConfig: { source: '-i rtsp://127.0.0.1:1/x' }, ...fields });
}

export function testConfig(input: Partial<ConfigFileInput>): { get(): ConfigFile; set(input: Partial<ConfigFileInput>): void } {
  let config = configFileSchema.parse(input);
  return { get: () => config, set: (next) => void (config = configFileSchema.parse(next)) };
}

export function motionAlert(camera: Camera, fields: Partial<Notification> = {}): Alert {
  const notification: Notification = {
    id: 'n-1',
    camera: camera.name,
    room: camera.room,
    type: 'motion',
    level: 'event',
    title: camera.name,
    message: 'Motion detected',
    label: 'person, car',
    trigger: 'motion',
    recordingId: 'r-1',
    thumbnail: '/files/recordings/front.jpg',
    timestamp: '2026-01-01T10:00:00.000Z',
    ...fields,
  };
  return { notification, camera, snapshot: () => Promise.resolve(null), clip: () => Promise.resolve(null) };
}

/** Log lines the channels write, as text (to prove what never appears in them). */
export function captureLog(): { lines: string[]; info(object: object, message: string): void; warn(object: object, message: string): void } {
  const lines: string[] = [];
  const push = (object: object, message: string) => void lines.push(`${message} ${JSON.stringify(object)}`);
  return { lines, info: push, warn: push };
}
