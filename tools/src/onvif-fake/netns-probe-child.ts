/**
 * Runs inside a network namespace made by fake.test.ts (runInNetworkNamespace): starts the fake ONVIF device with
 * its WS-Discovery responder, probes with the `onvif` client, and prints what answered as one JSON line.
 */
import onvif from 'onvif';
import { startFakeOnvif } from './device.js';

const device = await startFakeOnvif({
  streams: { main: 'rtsp://127.0.0.1:8554/main', sub: 'rtsp://127.0.0.1:8554/sub' },
  discovery: true,
  name: 'Porch',
  model: 'FakeCam PTZ',
});
const found = await new Promise<unknown[]>((resolve, reject) => {
  onvif.Discovery.probe({ timeout: 1500, resolve: false }, (error: unknown, cams) =>
    error ? reject(error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'discovery failed')) : resolve(cams ?? []),
  );
});
console.log(JSON.stringify({ found, probes: device.callsOf('Probe').length, url: device.url }));
await device.stop();
