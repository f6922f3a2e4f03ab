import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer, type Socket } from 'node:net';
import { freePort } from '../../src/triggers/test-support.js';

/** The login the tests' own subscribers use (Home Assistant's, say). */
export const SUBSCRIBER = { username: 'ha', password: 'ha-login' };

export interface TestBroker {
  port: number;
  /** Open connections, by the client id the broker saw (to kill HomeCam's socket uncleanly). */
  sockets: Map<Socket, string>;
  close(): Promise<void>;
}

/** A real MQTT broker (aedes) on a free loopback port; with `credentials`, that login and SUBSCRIBER are accepted. */
export async function startBroker(credentials?: { username: string; password: string }): Promise<TestBroker> {
  const port = await freePort();
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) =>
      done(
        null,
        !credentials ||
          (username === credentials.username && password?.toString() === credentials.password) ||
          (username === SUBSCRIBER.username && password?.toString() === SUBSCRIBER.password),
      ),
  });
  const sockets = new Map<Socket, string>();
  broker.on('client', (client) => {
    for (const [socket, id] of sockets) if (!id && (client as unknown as { conn: unknown }).conn === socket) sockets.set(socket, client.id);
  });
  const server = createServer((socket) => {
    sockets.set(socket, '');
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    sockets,
    close: async () => {
      for (const socket of sockets.keys()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

export interface Received {
  topic: string;
  payload: Buffer;
  retain: boolean;
}

/** A subscriber that keeps every message (retained ones included, flagged), like Home Assistant. */
export async function subscriber(port: number, topics: string[]): Promise<{ client: MqttClient; messages: Received[]; last(topic: string): Received | undefined }> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, ...SUBSCRIBER });
  await new Promise<void>((resolve, reject) => client.once('connect', () => resolve()).once('error', reject));
  const messages: Received[] = [];
  client.on('message', (topic, payload, packet) => messages.push({ topic, payload, retain: packet.retain }));
  await client.subscribeAsync(topics, { qos: 1 });
  return { client, messages, last: (topic) => messages.findLast((m) => m.topic === topic) };
}
