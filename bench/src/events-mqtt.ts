/**
 * MQTT publishing for `npm run bench:events`: a real broker (aedes) on a loopback port, set as the MQTT trigger's
 * broker (config.json mqtt), publishing on with Home Assistant discovery (the defaults), and a subscriber that
 * times each `homecam/<camera>/motion` ON. So the alert runs have every channel on, MQTT included.
 */
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { createServer } from 'node:net';
import type { Arrival } from './events-alerts.js';
import { freePort, type Api } from './server.js';
import { sleep } from './run.js';

export interface BenchBroker {
  port: number;
  /** Motion ON messages (kind `motion`) and everything else (kind = topic) the server published. */
  arrivals: Arrival[];
  close(): Promise<void>;
}

export async function startBroker(cameras: readonly string[]): Promise<BenchBroker> {
  const port = await freePort();
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const arrivals: Arrival[] = [];
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: 'bench-subscriber' });
  client.on('message', (topic, payload) => {
    const at = performance.now();
    const camera = cameras.find((c) => topic === `homecam/${c}/motion`) ?? null;
    arrivals.push({ at, kind: camera && payload.toString() === 'ON' ? 'motion' : topic, camera, trigger: null, signed: null });
  });
  await client.subscribeAsync('homecam/#');
  return {
    port,
    arrivals,
    close: async () => {
      await client.endAsync(true);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      server.close();
    },
  };
}

/** The MQTT trigger's broker is ours; publishing (on by default once a broker is set) waits for the connection. */
export async function configureMqtt(api: Api, broker: BenchBroker): Promise<void> {
  await api.request('PATCH', '/api/config/mqtt', { active: true, host: '127.0.0.1', port: broker.port });
  await api.request('PATCH', '/api/settings/notifications/mqtt', { active: true, discovery: true });
  const deadline = Date.now() + 10_000;
  while (!broker.arrivals.some((a) => a.kind === 'homecam/available')) {
    if (Date.now() > deadline) throw new Error('HomeCam published no availability to the bench broker within 10 s');
    await sleep(50);
  }
}
