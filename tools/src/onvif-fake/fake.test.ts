import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import onvif from 'onvif';
import { afterEach, describe, expect, it } from 'vitest';
import { runInNetworkNamespace } from '../netns.js';
import { waitFor } from '../wait.js';
import { startFakeOnvif } from './device.js';
import type { FakeOnvifDevice, FakeOnvifOptions } from './types.js';

const STREAMS = { main: 'rtsp://127.0.0.1:8554/main', sub: 'rtsp://127.0.0.1:8554/sub' };
let device: FakeOnvifDevice | null = null;
afterEach(async () => {
  await device?.stop();
  device = null;
});

async function fake(options: Partial<FakeOnvifOptions> = {}): Promise<FakeOnvifDevice> {
  device = await startFakeOnvif({ streams: STREAMS, ...options });
  return device;
}

type Call = (callback: (error: Error | null, data?: unknown) => void) => void;
const call = <T>(fn: Call) => new Promise<T>((resolve, reject) => fn((error, data) => (error ? reject(error) : resolve(data as T))));

function client(d: FakeOnvifDevice, password = 'secret', timeout = 5000): onvif.Cam {
  return new onvif.Cam({ hostname: d.host, port: d.port, username: 'admin', password, autoconnect: false, timeout });
}

async function connected(d: FakeOnvifDevice): Promise<onvif.Cam> {
  const cam = client(d);
  await call((cb) => cam.connect(cb));
  return cam;
}

/** A SOAP request with a digest made from this machine's clock, as a client that ignores the device's time would. */
function digestRequest(action: string): string {
  const nonce = randomBytes(16);
  const created = new Date().toISOString();
  const digest = createHash('sha1').update(Buffer.concat([nonce, Buffer.from(created), Buffer.from('secret')])).digest('base64');
  return (
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Header><Security><UsernameToken><Username>admin</Username>' +
    `<Password>${digest}</Password><Nonce>${nonce.toString('base64')}</Nonce><Created>${created}</Created></UsernameToken></Security></s:Header>` +
    `<s:Body><${action} xmlns="http://www.onvif.org/ver10/device/wsdl"/></s:Body></s:Envelope>`
  );
}

describe('fake ONVIF device', () => {
  it('answers the onvif client: profiles, stream and snapshot URIs, a JPEG behind basic auth', async () => {
    const d = await fake();
    const cam = await connected(d);
    const profiles = cam.profiles as { $: { token: string }; videoEncoderConfiguration: { resolution: { width: number } } }[];
    expect(profiles.map((p) => p.$.token)).toEqual(['Profile_1', 'Profile_2']);
    expect(profiles[1]?.videoEncoderConfiguration.resolution.width).toBe(640);
    const stream = await call<{ uri: string }>((cb) => cam.getStreamUri({ protocol: 'RTSP', profileToken: 'Profile_2' }, cb));
    expect(stream.uri).toBe(STREAMS.sub);
    const snapshot = await call<{ uri: string }>((cb) => cam.getSnapshotUri({ profileToken: 'Profile_1' }, cb));
    expect((await fetch(snapshot.uri)).status).toBe(401);
    const jpeg = await fetch(snapshot.uri, { headers: { Authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` } });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await jpeg.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
    expect(d.callsOf('GetProfiles').every((c) => c.authenticated)).toBe(true);
  });

  it('refuses a wrong password with ter:NotAuthorized, as 400 or as 401', async () => {
    for (const unauthorizedStatus of [400, 401] as const) {
      const d = await fake({ unauthorizedStatus });
      const cam = client(d, 'wrong');
      await expect(call((cb) => cam.connect(cb))).rejects.toThrow(/not authorized/i);
      expect(d.callsOf('GetProfiles')).toHaveLength(0);
      expect(d.calls.some((c) => !c.authenticated && c.action !== 'GetSystemDateAndTime')).toBe(true);
      await d.stop();
    }
  });

  it('checks digests against its own skewed clock: the client that reads the device time passes, one on local time is refused', async () => {
    const d = await fake({ clockSkewSeconds: -3600 });
    const time = await call<Date>((cb) => client(d).getSystemDateAndTime(cb));
    expect(Math.round((time.getTime() - Date.now()) / 60_000)).toBe(-60);
    await connected(d);
    const local = await fetch(d.url, { method: 'POST', body: digestRequest('GetDeviceInformation') });
    expect(local.status).toBe(400);
    expect(await local.text()).toContain('ter:NotAuthorized');
    d.setClockSkew(0);
    expect((await fetch(d.url, { method: 'POST', body: digestRequest('GetDeviceInformation') })).status).toBe(200);
  });

  it('hangs without an answer when told to, so a client times out', async () => {
    const d = await fake();
    d.setUnresponsive(true);
    await expect(call((cb) => client(d, 'secret', 300).connect(cb))).rejects.toThrow(/timeout|socket hang up/i);
  });

  it('records PTZ moves, keeps presets and goes home', async () => {
    const d = await fake();
    const cam = await connected(d);
    await call((cb) => cam.continuousMove({ x: 0.5, y: -0.25, zoom: 0 }, cb));
    expect(d.ptz.moving).toEqual({ pan: 0.5, tilt: -0.25, zoom: 0 });
    await call((cb) => cam.stop({ panTilt: true, zoom: true }, cb));
    expect(d.ptz.moving).toBeNull();
    expect(d.calls.filter((c) => c.service === 'ptz').map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);
    await call((cb) => cam.absoluteMove({ x: 0.3, y: 0.2, zoom: 0.5 }, cb));
    await call((cb) => cam.setPreset({ presetName: 'Door' }, cb));
    const saved = { presetToken: d.ptz.presets[0]?.token ?? '' };
    expect(saved.presetToken).toBe('Preset_1');
    await call((cb) => cam.gotoHomePosition({}, cb));
    expect([d.ptz.pan, d.ptz.tilt]).toEqual([0, 0]);
    const presets = await call<Record<string, { $: { token: string } }>>((cb) => cam.getPresets({}, cb));
    expect(presets.Door?.$.token).toBe('Preset_1');
    await call((cb) => cam.gotoPreset({ preset: saved.presetToken }, cb));
    expect([d.ptz.pan, d.ptz.tilt, d.ptz.zoom]).toEqual([0.3, 0.2, 0.5]);
    await call((cb) => cam.removePreset({ presetToken: saved.presetToken }, cb));
    expect(d.ptz.presets).toEqual([]);
    await expect(call((cb) => cam.gotoPreset({ preset: saved.presetToken }, cb))).rejects.toThrow();
  });

  it('long-polls PullMessages until a motion event, renews, and forgets subscriptions on restart', async () => {
    const d = await fake();
    const cam = await connected(d);
    await call((cb) => cam.createPullPointSubscription(cb));
    expect(d.subscriptionCount).toBe(1);
    const pulled = call<{ notificationMessage?: unknown }>((cb) => cam.pullMessages({}, cb));
    // The pull arrives while nothing is queued; only a long-poll that waits can answer it with the event.
    await waitFor(() => d.callsOf('PullMessages').length === 1);
    d.emitMotion(true);
    const message = JSON.stringify((await pulled).notificationMessage);
    expect(message).toContain('tns1:RuleEngine/CellMotionDetector/Motion');
    expect(message).toContain('"IsMotion"');
    await call((cb) => cam.renew({}, cb));
    expect(d.callsOf('Renew')).toHaveLength(1);
    await d.restart();
    expect(d.subscriptionCount).toBe(0);
    // The client's pooled keep-alive socket died with the device, as with a real camera reboot; the next pull
    // reaches the restarted device, which no longer knows the subscription.
    const pullAfterRestart = () => call((cb) => cam.pullMessages({}, cb)).catch((error: Error) => error.message);
    const answers = [await pullAfterRestart(), await pullAfterRestart()];
    expect(answers.at(-1)).toMatch(/unknown or expired subscription/);
  });

  it('answers a WS-Discovery probe inside a network namespace', async () => {
    const child = fileURLToPath(new URL('./netns-probe-child.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const result = await runInNetworkNamespace([tsx, child]);
    expect(result.stderr).toBe('');
    const { found, probes, url } = JSON.parse(result.stdout) as { found: { probeMatches: { probeMatch: { XAddrs: string; scopes: string } } }[]; probes: number; url: string };
    expect(probes).toBe(1);
    expect(found).toHaveLength(1);
    expect(found[0]?.probeMatches.probeMatch.XAddrs).toBe(url);
    expect(found[0]?.probeMatches.probeMatch.scopes).toContain('onvif://www.onvif.org/name/Porch');
  });
});
