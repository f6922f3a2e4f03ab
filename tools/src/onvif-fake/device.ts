import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { deviceMediaAnswer, type DeviceFacts } from './device-media.js';
import { startDiscoveryResponder } from './discovery.js';
import { PullPoints } from './events.js';
import { PtzModel } from './ptz.js';
import { snapshotJpeg } from './snapshot.js';
import { bodyAction, envelope, fault, requestParams, validDigest } from './soap.js';
import type { FakeOnvifDevice, FakeOnvifOptions, OnvifCall, OnvifService } from './types.js';

export type { FakeOnvifDevice, FakeOnvifOptions, OnvifCall, PtzState } from './types.js';

/** Requests larger than this are refused (a camera's SOAP parser is small too). */
const MAX_REQUEST_BYTES = 64 * 1024;
const SERVICES: Record<string, OnvifService> = {
  device_service: 'device',
  media_service: 'media',
  ptz_service: 'ptz',
  events_service: 'events',
};

type Answer = { status: number; xml: string } | null;

class FakeDevice implements FakeOnvifDevice {
  readonly calls: OnvifCall[] = [];
  readonly host: string;
  port: number;
  private server: http.Server | null = null;
  private closeDiscovery: (() => Promise<void>) | null = null;
  private readonly sockets = new Set<Socket>();
  private credentials: { user: string; password: string };
  private skewMs: number;
  private unresponsive = false;
  private readonly ptzModel = new PtzModel();
  private readonly pullPoints = new PullPoints(() => this.base);
  private readonly endpoint = `urn:uuid:${randomUUID()}`;

  constructor(private readonly options: FakeOnvifOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.port = options.port ?? 0;
    this.credentials = { user: options.user ?? 'admin', password: options.password ?? 'secret' };
    this.skewMs = (options.clockSkewSeconds ?? 0) * 1000;
  }

  private get base(): string {
    return `http://${this.host}:${this.port}`;
  }

  get url(): string {
    return `${this.base}/onvif/device_service`;
  }

  get running(): boolean {
    return this.server !== null;
  }

  get ptz() {
    return this.ptzModel.state;
  }

  get subscriptionCount(): number {
    return this.pullPoints.count;
  }

  callsOf(action: string): OnvifCall[] {
    return this.calls.filter((call) => call.action === action);
  }

  clearCalls(): void {
    this.calls.length = 0;
  }

  setClockSkew(seconds: number): void {
    this.skewMs = seconds * 1000;
  }

  setCredentials(user: string, password: string): void {
    this.credentials = { user, password };
  }

  setUnresponsive(unresponsive: boolean): void {
    this.unresponsive = unresponsive;
  }

  emitMotion(isMotion: boolean): void {
    this.pullPoints.emitMotion(isMotion, this.now());
  }

  emitEvent(topic: string, name: string, value: string): void {
    this.pullPoints.emit(topic, name, value, this.now());
  }

  private now(): number {
    return Date.now() + this.skewMs;
  }

  private facts(): DeviceFacts {
    const o = this.options;
    return {
      base: this.base,
      manufacturer: o.manufacturer ?? 'HomeCam',
      model: o.model ?? 'FakeCam PTZ',
      serialNumber: o.serialNumber ?? 'FAKE0001',
      streams: o.streams,
      mainSize: o.mainSize ?? { width: 1280, height: 720 },
      subSize: o.subSize ?? { width: 640, height: 360 },
      ptz: o.ptz !== false,
    };
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((request, response) => void this.handle(request, response));
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
    if (this.options.discovery) {
      const facts = this.facts();
      this.closeDiscovery = await startDiscoveryResponder(
        () => ({ endpoint: this.endpoint, xaddr: this.url, model: facts.model, manufacturer: facts.manufacturer, name: this.options.name ?? 'FakeCam' }),
        this.options.multicastInterface ?? this.host,
        () => this.record('device', 'Probe', false, {}),
      );
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.pullPoints.clear();
    this.ptzModel.state.moving = null;
    await this.closeDiscovery?.();
    this.closeDiscovery = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private record(service: OnvifService, action: string, authenticated: boolean, params: Record<string, string>): void {
    const { Password: _password, Nonce: _nonce, ...visible } = params;
    this.calls.push({ service, action, authenticated, params: visible, at: Date.now() });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const body = await readBody(request);
    if (this.unresponsive) return; // keep the socket open and say nothing: a hung camera
    if (request.method === 'GET' && path.startsWith('/onvif/snapshot/')) return this.snapshot(request, response);
    if (request.method !== 'POST' || body === null) return send(response, 400, fault('Sender', 'ter:InvalidArgVal', 'bad request'));
    const answer = await this.soap(path, body);
    if (!answer) return send(response, 404, fault('Sender', 'ter:ActionNotSupported', 'no such service or action'));
    send(response, answer.status, answer.xml);
  }

  private async soap(path: string, xml: string): Promise<Answer> {
    const subscription = /^\/onvif\/subscription\/([\w-]{1,64})$/.exec(path)?.[1];
    const service = subscription ? 'subscription' : SERVICES[path.replace(/^\/onvif\//, '')];
    const action = bodyAction(xml);
    if (!service || !action) return null;
    const params = requestParams(xml);
    const tolerance = (this.options.createdToleranceSeconds ?? 5) * 1000;
    const authenticated = validDigest(params, this.credentials, this.now(), tolerance);
    this.record(service, action, authenticated, params);
    if (!authenticated && action !== 'GetSystemDateAndTime') {
      return { status: this.options.unauthorizedStatus ?? 400, xml: fault('Sender', 'ter:NotAuthorized', 'Sender not Authorized') };
    }
    const result = await this.answer(service, subscription, action, params);
    if (!result) return { status: 400, xml: fault('Sender', 'ter:ActionNotSupported', `${action} is not supported`) };
    if ('fault' in result) return { status: 400, xml: fault('Sender', result.fault, result.reason) };
    return { status: 200, xml: envelope(result.body) };
  }

  private async answer(service: OnvifService, subscription: string | undefined, action: string, params: Record<string, string>) {
    if (subscription) return this.pullPoints.subscriptionAnswer(subscription, action, params, () => this.now());
    if (service === 'events') return this.pullPoints.serviceAnswer(action, params, this.now());
    if (service === 'ptz') return this.options.ptz === false ? null : this.ptzModel.answer(action, params);
    const body = deviceMediaAnswer(action, params, this.facts(), this.now());
    return body === null ? null : { body };
  }

  private async snapshot(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const expected = `Basic ${Buffer.from(`${this.credentials.user}:${this.credentials.password}`).toString('base64')}`;
    const authenticated = request.headers.authorization === expected;
    this.record('snapshot', 'GET', authenticated, {});
    if (!authenticated) {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="onvif"' }).end();
      return;
    }
    const jpeg = await snapshotJpeg();
    response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': jpeg.length }).end(jpeg);
  }
}

function send(response: ServerResponse, status: number, xml: string): void {
  response.writeHead(status, { 'Content-Type': 'application/soap+xml; charset=utf-8' }).end(xml);
}

/** The request body as text, or null when it is larger than a SOAP request can be. */
function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_REQUEST_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(null));
  });
}

/**
 * Starts a fake ONVIF camera: SOAP over HTTP (device, media, PTZ, events with pull points), WS-Security digest,
 * a snapshot JPEG, optionally a WS-Discovery responder. It records every request for tests to assert.
 */
export async function startFakeOnvif(options: FakeOnvifOptions): Promise<FakeOnvifDevice> {
  const device = new FakeDevice(options);
  await device.start();
  return device;
}
