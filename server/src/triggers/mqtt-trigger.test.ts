import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { MqttTrigger, type MqttTriggerOptions } from './mqtt-trigger.js';
import { RecordingSink, freePort, memoryLogger, waitFor, waitForStatus } from './test-support.js';
import type { TriggerCamera } from './trigger.js';

/** An in-process broker on 127.0.0.1; `stop` drops every client connection, as a broker restart does. */
class TestBroker {
  private broker: Aedes | null = null;
  private server: Server | null = null; // a tls.Server is a net.Server
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly credentials?: { username: string; password: string },
    private readonly tls?: { key: string; cert: string },
  ) {}

  async start(): Promise<void> {
    const broker = await Aedes.createBroker();
    const credentials = this.credentials;
    if (credentials) {
      broker.authenticate = (_client, username, password, done) => {
        const ok = username === credentials.username && password?.toString() === credentials.password;
        if (ok) done(null, true);
        else done(Object.assign(new Error('bad credentials'), { returnCode: 4 as const }), false);
      };
    }
    const onSocket = (socket: Socket): void => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      broker.handle(socket);
    };
    const server = this.tls ? createTlsServer(this.tls, onSocket) : createServer(onSocket);
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.broker = broker;
    this.server = server;
  }

  async stop(): Promise<void> {
    const { broker, server } = this;
    this.broker = null;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (broker ? broker.close(() => resolve()) : resolve()));
  }
}

const CAMERAS: TriggerCamera[] = [
  { name: 'Front Door', mqtt: { motionTopic: 'cams/front/motion', doorbellTopic: 'cams/front/ring' } },
  { name: 'Garage', mqtt: { motionTopic: 'cams/garage', motionMessage: '{"event":{"state":true}}', motionResetMessage: '{"event":{"state":false}}' } },
  { name: 'Yard', mqtt: { motionTopic: 'cams/yard', motionResetTopic: 'cams/yard/reset', motionResetMessage: 'CLEAR' } },
];

describe('MqttTrigger against an in-process aedes broker', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(options: { cameras?: () => TriggerCamera[]; broker?: { username: string; password: string }; trigger?: Partial<MqttTriggerOptions> } = {}) {
    const port = await freePort();
    const broker = new TestBroker(port, options.broker);
    await broker.start();
    cleanups.push(() => broker.stop());
    const sink = new RecordingSink();
    const logger = memoryLogger();
    const trigger = new MqttTrigger(
      { host: '127.0.0.1', port, reconnectPeriodMs: 100, connectTimeoutMs: 2_000, ...options.trigger },
      { cameras: options.cameras ?? (() => CAMERAS), sink, logger },
    );
    cleanups.push(() => trigger.stop());
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: `pub_${port}`,
      reconnectPeriod: 100,
      ...(options.broker && { username: options.broker.username, password: options.broker.password }),
    });
    cleanups.push(() => publisher.endAsync(true));
    return { port, broker, sink, logger, trigger, publisher };
  }

  async function started(trigger: MqttTrigger, topics: string[]): Promise<void> {
    await trigger.start();
    await waitFor(() => topics.every((t) => trigger.subscriptions().includes(t)), { message: 'subscriptions' });
  }

  async function publish(client: MqttClient, topic: string, payload: string): Promise<void> {
    await client.publishAsync(topic, payload, { qos: 1 });
  }

  it('string match: motion, reset on the motion topic, doorbell', async () => {
    const { trigger, sink, publisher } = await setUp();
    await started(trigger, ['cams/front/motion', 'cams/front/ring']);
    expect(trigger.status()).toBe('online');
    await publish(publisher, 'cams/front/motion', 'ON');
    await publish(publisher, 'cams/front/motion', 'OFF');
    await publish(publisher, 'cams/front/ring', 'ON');
    await sink.nth(3);
    expect(sink.calls).toEqual([
      { action: 'motion', camera: 'Front Door', source: 'mqtt' },
      { action: 'motionReset', camera: 'Front Door', source: 'mqtt' },
      { action: 'doorbell', camera: 'Front Door', source: 'mqtt' },
    ]);
  });

  it('JSON-path match on the first leaf of the configured message', async () => {
    const { trigger, sink, publisher } = await setUp();
    await started(trigger, ['cams/garage']);
    await publish(publisher, 'cams/garage', JSON.stringify({ id: 7, event: { zone: 'a', state: true } }));
    await publish(publisher, 'cams/garage', JSON.stringify({ event: { state: false } }));
    await sink.nth(2);
    expect(sink.calls.map((c) => [c.action, c.camera])).toEqual([
      ['motion', 'Garage'],
      ['motionReset', 'Garage'],
    ]);
  });

  it('a reset topic with its own message', async () => {
    const { trigger, sink, publisher } = await setUp();
    await started(trigger, ['cams/yard', 'cams/yard/reset']);
    await publish(publisher, 'cams/yard/reset', 'OFF'); // not the configured reset message
    await publish(publisher, 'cams/yard/reset', 'CLEAR');
    await sink.nth(1);
    expect(sink.calls).toEqual([{ action: 'motionReset', camera: 'Yard', source: 'mqtt' }]);
  });

  it('non-matching messages, invalid JSON and other topics trigger nothing', async () => {
    const { trigger, sink, logger, publisher } = await setUp();
    await started(trigger, ['cams/front/motion', 'cams/garage']);
    await publish(publisher, 'cams/front/motion', 'on');
    await publish(publisher, 'cams/front/motion/sub', 'ON');
    await publish(publisher, 'cams/garage', '{"event":{"state":tru');
    await publish(publisher, 'cams/garage', JSON.stringify({ event: { state: 'yes' } }));
    // A matching message last: once it arrives, everything before it has been handled.
    await publish(publisher, 'cams/front/motion', 'ON');
    await sink.nth(1);
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'Front Door', source: 'mqtt' }]);
    expect(logger.lines.some((l) => l.level === 'debug' && l.message.includes('not valid JSON'))).toBe(true);
  });

  it('publishes motion state in camera.ui form to a subscriber', async () => {
    const { trigger, publisher } = await setUp({ trigger: { motionStateTopic: 'homecam/motion' } });
    await started(trigger, []);
    const received: { topic: string; payload: unknown }[] = [];
    publisher.on('message', (topic, payload) => received.push({ topic, payload: JSON.parse(payload.toString()) }));
    await publisher.subscribeAsync(['homecam/motion', 'custom/topic'], { qos: 1 });
    expect(await trigger.publishMotionState('Front Door', true, { event: 'http' })).toBe(true);
    expect(await trigger.publishMotionState('Garage', false, { topic: 'custom/topic', type: 'doorbell', event: 'mqtt' })).toBe(true);
    await waitFor(() => received.length >= 2, { message: 'motion state messages' });
    expect(received).toEqual([
      { topic: 'homecam/motion', payload: { camera: 'Front Door', state: true, type: 'motion', event: 'http' } },
      { topic: 'custom/topic', payload: { camera: 'Garage', state: false, type: 'doorbell', event: 'mqtt' } },
    ]);
    await trigger.stop();
    expect(await trigger.publishMotionState('Front Door', true)).toBe(false);
  });

  it('follows camera changes: new topics after syncSubscriptions, removed ones ignored at once', async () => {
    let cameras: TriggerCamera[] = [{ name: 'A', mqtt: { motionTopic: 'a/motion' } }];
    const { trigger, sink, publisher } = await setUp({ cameras: () => cameras });
    await started(trigger, ['a/motion']);
    cameras = [{ name: 'B', mqtt: { motionTopic: 'b/motion' } }];
    await publish(publisher, 'a/motion', 'ON'); // still subscribed, but A is gone
    await trigger.syncSubscriptions();
    expect(trigger.subscriptions()).toEqual(['b/motion']);
    await publish(publisher, 'b/motion', 'ON');
    await sink.nth(1);
    expect(sink.calls).toEqual([{ action: 'motion', camera: 'B', source: 'mqtt' }]);
  });

  it('goes offline when the broker goes away, reconnects and resubscribes when it is back', async () => {
    const { trigger, sink, broker, port } = await setUp();
    await started(trigger, ['cams/front/motion']);
    await broker.stop();
    await waitForStatus(trigger, 'offline');
    expect(trigger.lastError()).toMatch(/MQTT trigger: /);
    await broker.start();
    await waitForStatus(trigger, 'online');
    await waitFor(() => trigger.subscriptions().includes('cams/front/motion'), { message: 'resubscribed' });
    const late = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'late' });
    cleanups.push(() => late.endAsync(true));
    await publish(late, 'cams/front/motion', 'ON');
    await sink.nth(1);
    expect(sink.calls[0]).toEqual({ action: 'motion', camera: 'Front Door', source: 'mqtt' });
  });

  it('with broker credentials: the right ones connect, wrong ones stay offline with a clear error', async () => {
    const credentials = { username: 'cam', password: 's3cret-pw' };
    const { trigger, port } = await setUp({ broker: credentials, trigger: { username: 'cam', password: 's3cret-pw' } });
    await started(trigger, ['cams/front/motion']);
    expect(trigger.status()).toBe('online');

    const logger = memoryLogger();
    const wrong = new MqttTrigger(
      { host: '127.0.0.1', port, username: 'cam', password: 'wrong-pw', reconnectPeriodMs: 100 },
      { cameras: () => CAMERAS, sink: new RecordingSink(), logger },
    );
    cleanups.push(() => wrong.stop());
    await wrong.start();
    expect(wrong.status()).toBe('offline');
    expect(wrong.lastError()).toMatch(/refused us: (Not authorized|Bad username or password)/);
    expect(JSON.stringify(logger.lines)).not.toContain('wrong-pw');
  });

  it('an unreachable broker: start resolves, status offline with the reason, stop ends the retries', async () => {
    const port = await freePort();
    const trigger = new MqttTrigger({ host: '127.0.0.1', port, reconnectPeriodMs: 100 }, { cameras: () => CAMERAS, sink: new RecordingSink() });
    cleanups.push(() => trigger.stop());
    await trigger.start();
    expect(trigger.status()).toBe('offline');
    expect(trigger.lastError()).toContain(`mqtt://127.0.0.1:${port} refused the connection`);
    await trigger.stop();
    expect(trigger.lastError()).toBeNull();
  });

  it('start, stop and restart flip the status', async () => {
    const { trigger } = await setUp();
    const statuses: string[] = [];
    trigger.on('status', (e) => statuses.push(e.status));
    await started(trigger, ['cams/front/motion']);
    await trigger.stop();
    expect(trigger.status()).toBe('offline');
    expect(trigger.subscriptions()).toEqual([]);
    await trigger.restart();
    await waitForStatus(trigger, 'online');
    await trigger.restart();
    await waitForStatus(trigger, 'online');
    expect(statuses).toEqual(['online', 'offline', 'online', 'offline', 'online']);
  });

  it('TLS: checks the broker certificate; a trusted CA or turning the check off connects', async () => {
    const fixture = (name: string): string => readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'utf8');
    const tls = { key: fixture('tls-localhost.key'), cert: fixture('tls-localhost.crt') };
    const port = await freePort();
    const broker = new TestBroker(port, undefined, tls);
    await broker.start();
    cleanups.push(() => broker.stop());
    const make = (extra: Partial<MqttTriggerOptions>): MqttTrigger => {
      const trigger = new MqttTrigger({ host: '127.0.0.1', port, tls: true, reconnectPeriodMs: 100, ...extra }, { cameras: () => CAMERAS, sink: new RecordingSink() });
      cleanups.push(() => trigger.stop());
      return trigger;
    };

    const strict = make({});
    await strict.start();
    expect(strict.status()).toBe('offline');
    expect(strict.lastError()).toMatch(/^MQTT trigger: mqtts:\/\/127\.0\.0\.1:\d+: .*self[- ]signed/i);

    const trusted = make({ ca: tls.cert });
    await started(trusted, ['cams/front/motion']);
    expect(trusted.status()).toBe('online');

    const unchecked = make({ rejectUnauthorized: false });
    await unchecked.start();
    expect(unchecked.status()).toBe('online');
  });

  it('a missing host is a clear start error', async () => {
    const trigger = new MqttTrigger({ host: '' }, { cameras: () => CAMERAS, sink: new RecordingSink() });
    await expect(trigger.start()).rejects.toThrow('MQTT trigger: no broker host is configured');
    expect(trigger.lastError()).toBe('MQTT trigger: no broker host is configured');
  });
});
