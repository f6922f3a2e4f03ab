import type { HomekitStatus } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import type { HttpClient } from 'hap-controller';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { LogCapture } from './helpers/log-capture.js';
import { accessories, CHAR, find, freePort, jpegSize, pair, SERVICE } from './helpers/hap.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * The HomeKit bridge through the whole app, with hap-controller as the iPhone on 127.0.0.1 (ciao advertises on
 * lo only: `homekit.bind: ['127.0.0.1']`): pairing with the setup code, the accessories and their information,
 * privacy both ways, motion and doorbell events from the app's own triggers, a snapshot from the simulator
 * camera through the hub, cameras coming and going on the running bridge, a refused bind, and reset.
 */
interface HapEvent {
  characteristics: { aid: number; iid: number; value: unknown }[];
}

const logs = new LogCapture();
let sim: CameraSimulator;
let app: HomecamApp;
let admin: string;
let dataDir: string;
let port: number;
let client: HttpClient;
const events: HapEvent['characteristics'] = [];
const ids = { privacy: '', exclude: '', motion: '', ring: '', garageMotion: '' };

const status = (): HomekitStatus => app.modules.homekit.bridge.status();
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
const eventFor = (id: string, value: unknown) => () => events.some((e) => `${e.aid}.${e.iid}` === id && (e.value === value || e.value === (value === true ? 1 : value === false ? 0 : value)));

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['front'], mainSize: '1280x720', subSize: '320x180', audio: false });
  dataDir = await makeDataDir();
  port = await freePort();
  const source = sim.cameras[0]!.mainUrl;
  await writeFile(
    join(dataDir, 'config.json'),
    JSON.stringify({
      recordings: { active: false },
      homekit: { active: true, name: 'Test Bridge', port, bind: ['127.0.0.1'] },
      cameras: [
        { name: 'Front Door', videoConfig: { source }, doorbell: true, privacySwitch: true, excludeSwitch: true, motionTimeout: 1, manufacturer: 'Reolink', model: 'RLC-510A', serialNumber: 'SN-42' },
        // Its object detector decides (issue 20): its motion sensor follows objects, not bare motion.
        { name: 'Garage', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, motionTimeout: 0, objectDetection: { active: true } },
      ],
    }),
  );
  app = await createTestApp({ dataDir, logLevel: 'debug', logStream: logs });
  admin = (await signedInUser(app, ['admin'])).token;
  await waitFor(() => status().state === 'running', { timeoutMs: 15_000, message: 'the bridge running' });
  client = await pair(status().bridgeId!, port, status().setupCode!);
  client.on('event', (event: HapEvent) => events.push(...event.characteristics));
  // One subscription for the whole file: hap-controller 0.10.2 spins forever (a second decrypting reader on the
  // event connection) when subscribeCharacteristics is called again while events flow.
  const list = await accessories(client);
  ids.privacy = find(list, 'Front Door', SERVICE.switch, CHAR.on, 'Privacy')!.id;
  ids.exclude = find(list, 'Front Door', SERVICE.switch, CHAR.on, 'Exclude')!.id;
  ids.motion = find(list, 'Front Door', SERVICE.motion, CHAR.motion)!.id;
  ids.ring = find(list, 'Front Door', SERVICE.doorbell, CHAR.switchEvent)!.id;
  ids.garageMotion = find(list, 'Garage', SERVICE.motion, CHAR.motion)!.id;
  await client.subscribeCharacteristics(Object.values(ids));
}, 60_000);

afterAll(async () => {
  await client?.close().catch(() => undefined);
  await app?.close();
  await sim?.close();
});

describe('HomeKit bridge', () => {
  it('keeps its identity and pairing in <data>/homekit, never in the working directory, and shows it to admins only', async () => {
    const current = status();
    expect(current).toMatchObject({ active: true, state: 'running', name: 'Test Bridge', port, paired: true, pairings: 1, accessories: 2, lastError: null });
    expect(current.setupCode).toMatch(/^\d{3}-\d{2}-\d{3}$/);
    expect(current.bridgeId).toMatch(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/);
    expect(current.setupUri).toMatch(/^X-HM:\/\/[0-9A-Z]{13}$/);
    const files = await readdir(join(dataDir, 'homekit'));
    expect(files).toEqual(expect.arrayContaining(['bridge.json', `AccessoryInfo.${current.bridgeId!.replace(/:/g, '')}.json`]));
    expect(existsSync(join(process.cwd(), 'persist'))).toBe(false);
    expect(logs.text).not.toContain(current.setupCode);
    expect(logs.text).toContain('HomeKit bridge published');

    const plugins = (await api('GET', '/api/plugins')).json<{ result: { id: string; state: string }[] }>().result;
    expect(plugins.find((p) => p.id === 'homekit')).toMatchObject({ state: 'running', kind: 'notifier' });
  });

  it('publishes one accessory per camera with the camera\'s information, motion sensor, doorbell and switches', async () => {
    const list = await accessories(client);
    expect(find(list, 'Front Door', SERVICE.info, CHAR.manufacturer)?.value).toBe('Reolink');
    expect(find(list, 'Front Door', SERVICE.info, CHAR.model)?.value).toBe('RLC-510A');
    expect(find(list, 'Front Door', SERVICE.info, CHAR.serial)?.value).toBe('SN-42');
    expect(find(list, 'Front Door', SERVICE.motion, CHAR.motion)?.value).toBe(0);
    expect(find(list, 'Front Door', SERVICE.switch, CHAR.on, 'Privacy')?.value).toBe(0);
    expect(find(list, 'Front Door', SERVICE.switch, CHAR.on, 'Exclude')?.value).toBe(0);
    expect(find(list, 'Front Door', SERVICE.doorbell, CHAR.switchEvent)).toBeDefined();
    expect(find(list, 'Front Door', SERVICE.streaming, '120')).toBeDefined(); // CameraRTPStreamManagement
    // Defaults: 'HomeCam', 'IP camera', the camera name; no doorbell, no switches unless asked for.
    expect(find(list, 'Garage', SERVICE.info, CHAR.manufacturer)?.value).toBe('HomeCam');
    expect(find(list, 'Garage', SERVICE.info, CHAR.model)?.value).toBe('IP camera');
    expect(find(list, 'Garage', SERVICE.info, CHAR.serial)?.value).toBe('Garage');
    expect(find(list, 'Garage', SERVICE.motion, CHAR.motion)).toBeDefined();
    expect(find(list, 'Garage', SERVICE.switch, CHAR.on)).toBeUndefined();
    expect(find(list, 'Garage', SERVICE.doorbell, CHAR.switchEvent)).toBeUndefined();
  });

  it('answers a snapshot request with a JPEG of the simulator camera at the requested width', async () => {
    const list = await accessories(client);
    const aid = find(list, 'Front Door', SERVICE.info, CHAR.name)!.aid;
    const jpeg = await client.getImage(640, 360, aid);
    expect(jpeg.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect(jpegSize(jpeg)).toEqual({ width: 640, height: 360 });
  }, 30_000);

  it('privacy: a HomeKit write changes the web API value, an API change reaches the subscribed controller', async () => {
    const privacy = { id: ids.privacy };
    await client.setCharacteristics({ [privacy.id]: true });
    expect((await api('GET', '/api/cameras/Front%20Door')).json<{ privacyMode: boolean }>().privacyMode).toBe(true);

    // While private there is no motion, as everywhere in the app.
    const motion = find(await accessories(client), 'Front Door', SERVICE.motion, CHAR.motion)!;
    expect((await api('PUT', '/api/cameras/Front%20Door/motion/start')).json()).toMatchObject({ accepted: false, skipped: true });
    expect(find(await accessories(client), 'Front Door', SERVICE.motion, CHAR.motion)?.value).toBe(motion.value);

    expect((await api('PATCH', '/api/cameras/Front%20Door', { privacyMode: false })).statusCode).toBe(200);
    await waitFor(eventFor(privacy.id, false), { timeoutMs: 3_000, message: 'privacy off as a HAP event' });
    expect(find(await accessories(client), 'Front Door', SERVICE.switch, CHAR.on, 'Privacy')?.value).toBe(0);
  });

  it('motion from the app\'s trigger reaches HomeKit within 1 s and ends after the camera\'s motion timeout', async () => {
    const motion = { id: ids.motion };
    const started = Date.now();
    expect((await api('PUT', '/api/cameras/Front%20Door/motion/start')).json()).toMatchObject({ accepted: true });
    await waitFor(eventFor(motion.id, true), { timeoutMs: 1_000, intervalMs: 10, message: 'MotionDetected true within 1 s' });
    expect(Date.now() - started).toBeLessThan(1_000);
    await waitFor(eventFor(motion.id, false), { timeoutMs: 5_000, message: 'MotionDetected false after motionTimeout (1 s)' });
  });

  it('where the object detector decides, the motion sensor waits for an object: bare motion does not set it, a person does', async () => {
    const garage = async () => find(await accessories(client), 'Garage', SERVICE.motion, CHAR.motion)?.value;
    const at = Date.now();
    // The bus runs its listeners synchronously: the sensor has its state when publish returns.
    app.homecam.bus.publish('MotionStarted', { camera: 'Garage', source: 'motion', at, continued: false, eventId: 'bare' });
    expect(await garage()).toBe(0);
    const person = { label: 'person', score: 88, box: { x: 1, y: 1, width: 10, height: 20 }, frame: { width: 64, height: 64 }, reason: 'new' as const, image: Buffer.from('ffd8ffd9', 'hex') };
    app.homecam.bus.publish('ObjectDetected', { camera: 'Garage', source: 'motion', at, eventId: 'person', ...person });
    expect(await garage()).toBe(1);
    app.homecam.bus.publish('MotionEnded', { camera: 'Garage', source: 'motion', at, reason: 'reset' });
    expect(await garage()).toBe(0);
    // A trigger's motion is not the detector's to judge: it sets the sensor as before.
    app.homecam.bus.publish('MotionStarted', { camera: 'Garage', source: 'http', at, continued: false, eventId: 'http' });
    expect(await garage()).toBe(1);
    app.homecam.bus.publish('MotionEnded', { camera: 'Garage', source: 'http', at, reason: 'reset' });
  });

  it('a doorbell press is a SINGLE_PRESS on the Doorbell service', async () => {
    const ring = { id: ids.ring };
    expect((await api('PUT', '/api/cameras/Front%20Door/doorbell')).json()).toMatchObject({ accepted: true });
    await waitFor(eventFor(ring.id, 0), { timeoutMs: 2_000, message: 'ProgrammableSwitchEvent 0' });
  });

  it('the exclude switch is the At Home exclude list, both ways', async () => {
    const exclude = { id: ids.exclude };
    await client.setCharacteristics({ [exclude.id]: true });
    expect((await api('GET', '/api/settings/at-home')).json()).toMatchObject({ exclude: ['Front Door'] });
    expect((await api('PATCH', '/api/settings/at-home', { exclude: [] })).statusCode).toBe(200);
    await waitFor(eventFor(exclude.id, false), { timeoutMs: 3_000, message: 'exclude off as a HAP event' });
  });

  it('cameras added, renamed and removed follow on the running bridge; an AID stays with its camera name', async () => {
    const before = find(await accessories(client), 'Front Door', SERVICE.info, CHAR.name)!.aid;
    expect((await api('POST', '/api/cameras', { name: 'Shed', videoConfig: { source: 'rtsp://127.0.0.1:9/none' } })).statusCode).toBe(201);
    await waitFor(async () => find(await accessories(client), 'Shed', SERVICE.info, CHAR.name) !== undefined, { message: 'Shed on the bridge' });
    const shed = find(await accessories(client), 'Shed', SERVICE.info, CHAR.name)!.aid;
    expect((await api('PATCH', '/api/cameras/Shed', { name: 'Barn' })).statusCode).toBe(200);
    await waitFor(async () => find(await accessories(client), 'Barn', SERVICE.info, CHAR.name) !== undefined, { message: 'Barn on the bridge' });
    expect(find(await accessories(client), 'Shed', SERVICE.info, CHAR.name)).toBeUndefined();
    // New services (a privacy switch asked for) rebuild the accessory under the same AID.
    const barn = find(await accessories(client), 'Barn', SERVICE.info, CHAR.name)!.aid;
    expect(barn).not.toBe(shed);
    expect((await api('PATCH', '/api/cameras/Barn', { privacySwitch: true })).statusCode).toBe(200);
    await waitFor(async () => find(await accessories(client), 'Barn', SERVICE.switch, CHAR.on, 'Privacy') !== undefined, { message: 'Barn privacy switch' });
    expect(find(await accessories(client), 'Barn', SERVICE.info, CHAR.name)!.aid).toBe(barn);
    expect((await api('DELETE', '/api/cameras/Garage')).statusCode).toBe(204);
    await waitFor(async () => find(await accessories(client), 'Garage', SERVICE.info, CHAR.name) === undefined, { message: 'Garage gone' });
    expect(find(await accessories(client), 'Front Door', SERVICE.info, CHAR.name)!.aid).toBe(before);
    expect(status()).toMatchObject({ state: 'running', accessories: 2, pairings: 1 });
  });

  it('refuses a bind that names no interface of this machine, with the reason on the plugins page', async () => {
    expect((await api('PATCH', '/api/config/homekit', { bind: ['no-such-if0'] })).statusCode).toBe(200);
    await waitFor(() => status().state === 'error', { message: 'bridge in error' });
    expect(status().lastError).toContain("'no-such-if0' is neither a network interface nor an address of this machine");
    const plugin = (await api('GET', '/api/plugins')).json<{ result: { id: string; state: string; lastError: { message: string } | null }[] }>().result.find((p) => p.id === 'homekit');
    expect(plugin?.state).toBe('error');
    expect(plugin?.lastError?.message).toContain('no-such-if0');
    expect((await api('PATCH', '/api/config/homekit', { bind: ['127.0.0.1'] })).statusCode).toBe(200);
    await waitFor(() => status().state === 'running', { timeoutMs: 15_000, message: 'running again' });
    expect((await accessories(client)).length).toBeGreaterThan(1); // the pairing survived the restart
  });

  it('a port in use is the bridge\'s error state (no crash); moving back publishes again', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as AddressInfo).port;
    try {
      expect((await api('PATCH', '/api/config/homekit', { port: taken })).statusCode).toBe(200);
      await waitFor(() => status().state === 'error', { message: 'bridge in error' });
      expect(status().lastError).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
    expect((await api('PATCH', '/api/config/homekit', { port })).statusCode).toBe(200);
    // applied(): what PATCH /api/homekit awaits before answering, so its status is the bridge after the change.
    await app.modules.homekit.bridge.applied?.();
    expect(status()).toMatchObject({ state: 'running', port, lastError: null });
  });

  it('reset forgets the pairing and makes a new setup code and bridge id', async () => {
    const old = status();
    const after = await app.modules.homekit.bridge.reset();
    expect(after).toMatchObject({ state: 'running', paired: false, pairings: 0 });
    expect(after.setupCode).not.toBe(old.setupCode);
    expect(after.bridgeId).not.toBe(old.bridgeId);
    await client.close();
    await expect(accessories(client)).rejects.toThrow();
    client = await pair(after.bridgeId!, port, after.setupCode!);
    expect(find(await accessories(client), 'Front Door', SERVICE.info, CHAR.name)).toBeDefined();
    expect(status().pairings).toBe(1);
  });
});
