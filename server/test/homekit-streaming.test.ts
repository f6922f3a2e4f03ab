import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import type { PrepareStreamResponse, SourceResponse, StreamingRequest } from 'hap-nodejs';
import { createSocket } from 'node:dgram';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { SrtpStreamDelegate, type SrtpDelegateOptions } from '../src/homekit/streaming/srtp-delegate.js';
import { freeUdpPort, prepareRequest, startReceiver, startRequest, type Receiver } from '../src/homekit/streaming/test-support/srtp-controller.js';
import { ffmpegProcesses } from '../src/media/test-support/hub-helpers.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/**
 * HomeKit live streaming end to end on 127.0.0.1: the real simulator camera, the app's camera stream service (the
 * one door to a camera's stream: privacy, disabled, maxStreams), the delegate's ffmpeg writing SRTP, and a
 * receiving ffmpeg that knows the session key (as the iPhone does) decoding frames.
 */
let sim: CameraSimulator;
let app: HomecamApp;
const cleanups: (() => unknown)[] = [];
const undos: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['door'], clip: true, audio: false });
  const dataDir = await makeDataDir();
  const cameras = [{ name: 'door', videoConfig: { source: sim.cameras[0]!.mainUrl } }];
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: false }, cameras }));
  app = await createTestApp({ dataDir, media: { hub: { idleTimeoutMs: 500 } } });
});

afterEach(async () => {
  await undoCameraChanges();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

const viewers = () => app.homecam.streams.stats('door', 'main').consumers.filter((c) => c.kind === 'viewer').length;

function delegate(options: Partial<SrtpDelegateOptions> = {}): { delegate: SrtpStreamDelegate; forced: string[] } {
  const forced: string[] = [];
  const context = { camera: 'door', cameraConfig: () => undefined, forceStop: (id: string) => forced.push(id) };
  const made = new SrtpStreamDelegate(context, { streams: app.homecam.streams, ...options });
  cleanups.push(() => made.close());
  return { delegate: made, forced };
}

/** Changes the camera through the same service the web UI and HomeKit's privacy switch use; undone after the test. */
async function setCamera(changes: { privacyMode?: boolean; disable?: boolean; videoConfig?: { maxStreams: number | null } }, undo: typeof changes): Promise<void> {
  await app.homecam.cameras.update('door', changes);
  await app.homecam.streams.settled();
  undos.push(async () => {
    await app.homecam.cameras.update('door', undo);
    await app.homecam.streams.settled();
  });
}

async function undoCameraChanges(): Promise<void> {
  for (const undo of undos.splice(0).reverse()) await undo();
}

const call = <T>(run: (callback: (error?: Error, value?: T) => void) => void): Promise<T | undefined> =>
  new Promise((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));

/** prepare + START against a receiver listening on a fresh port; returns what a test looks at. */
async function startSession(made: SrtpStreamDelegate, video: { width: number; height: number; profile?: number }) {
  const port = await freeUdpPort();
  const request = prepareRequest(port);
  const receiver: Receiver = await startReceiver(port, request.video.srtp_key, request.video.srtp_salt);
  cleanups.push(() => receiver.close());
  const response = (await call<PrepareStreamResponse>((cb) => made.prepareStream(request, cb)))!;
  await call((cb) => made.handleStreamRequest(startRequest(request.sessionID, video), cb));
  return { id: request.sessionID, port, receiver, returnPort: (response.video as SourceResponse).port, ssrc: (response.video as SourceResponse).ssrc };
}

/** What the controller does every rtcp_interval: a packet to the return port (the content does not matter here). */
function keepAlive(port: number): () => void {
  const socket = createSocket('udp4');
  const timer = setInterval(() => socket.send(Buffer.from([0x80, 0xc9, 0, 1, 0, 0, 0, 1]), port, '127.0.0.1'), 300);
  const stop = () => {
    clearInterval(timer);
    socket.close();
  };
  cleanups.push(stop);
  return stop;
}

describe('HomeKit SRTP streaming from the shared upstream', () => {
  it('copies the camera\'s H.264 into SRTP that decodes with the session key; STOP ends ffmpeg and detaches from the hub', async () => {
    const { delegate: made, forced } = delegate({ rtcpTimeoutMs: 2_000 });
    const session = await startSession(made, { width: 1920, height: 1080 });
    keepAlive(session.returnPort);
    expect(session.returnPort).toBeGreaterThan(0);
    expect(session.ssrc).toBeGreaterThan(0);
    await waitFor(() => session.receiver.frames() > 10, { timeoutMs: 30_000, message: `decoded frames (receiver: ${session.receiver.stderr().slice(-300)})` });
    expect(made.active.get(session.id)?.copying).toBe(true);
    expect(ffmpegProcesses(`srtp://127.0.0.1:${session.port}`)).toHaveLength(1);
    expect(viewers()).toBe(1);
    // Kept alive by RTCP past the time-out.
    const frames = session.receiver.frames();
    await waitFor(() => session.receiver.frames() > frames + 60, { timeoutMs: 30_000, message: 'frames past the RTCP time-out' });
    expect(forced).toEqual([]);

    await call((cb) => made.handleStreamRequest({ sessionID: session.id, type: 'stop' } as StreamingRequest, cb));
    expect(ffmpegProcesses(`srtp://127.0.0.1:${session.port}`)).toEqual([]);
    expect(made.active.size).toBe(0);
    await waitFor(() => viewers() === 0, { message: 'the consumer detached' });
  });

  it('transcodes to the requested size when the picture is larger than asked for', async () => {
    const { delegate: made } = delegate();
    const session = await startSession(made, { width: 320, height: 240 });
    await waitFor(() => session.receiver.frames() > 5, { timeoutMs: 30_000, message: `decoded frames (receiver: ${session.receiver.stderr().slice(-300)})` });
    expect(made.active.get(session.id)?.copying).toBe(false);
    expect(session.receiver.stderr()).toMatch(/Video: h264.*320x180/);
  });

  it('ends the session when the controller sends no RTCP, and tells HomeKit', async () => {
    const { delegate: made, forced } = delegate({ rtcpTimeoutMs: 1_500 });
    const session = await startSession(made, { width: 1280, height: 720 });
    await waitFor(() => forced.includes(session.id), { timeoutMs: 10_000, message: 'forceStop after RTCP silence' });
    await waitFor(() => ffmpegProcesses(`srtp://127.0.0.1:${session.port}`).length === 0, { message: 'ffmpeg ended' });
    expect(made.active.size).toBe(0);
  });

  it('ends the session and tells HomeKit when the camera goes into privacy mode or is disabled', async () => {
    for (const change of [{ privacyMode: true }, { disable: true }]) {
      const { delegate: made, forced } = delegate();
      const session = await startSession(made, { width: 1280, height: 720 });
      await waitFor(() => session.receiver.frames() > 5, { timeoutMs: 30_000, message: 'decoded frames' });
      await setCamera(change, { privacyMode: false, disable: false });
      await waitFor(() => forced.includes(session.id), { timeoutMs: 10_000, message: `forceStop after ${JSON.stringify(change)}` });
      await waitFor(() => ffmpegProcesses(`srtp://127.0.0.1:${session.port}`).length === 0, { message: 'ffmpeg ended' });
      expect(made.active.size).toBe(0);
      await undoCameraChanges();
    }
  });

  it('asks the stream door: a private or disabled camera is refused at prepare and at START with its code, nothing attached', async () => {
    const { delegate: made } = delegate();
    for (const [change, code] of [[{ privacyMode: true }, 'PRIVACY_MODE'], [{ disable: true }, 'CAMERA_OFFLINE']] as const) {
      await setCamera(change, { privacyMode: false, disable: false });
      await expect(call((cb) => made.prepareStream(prepareRequest(40_010), cb))).rejects.toMatchObject({ code });
      await undoCameraChanges();
    }
    // Prepared while streaming, then put in privacy mode before HomeKit's START: the door refuses the consumer.
    const request = prepareRequest(await freeUdpPort());
    await call((cb) => made.prepareStream(request, cb));
    await setCamera({ privacyMode: true }, { privacyMode: false });
    await expect(call((cb) => made.handleStreamRequest(startRequest(request.sessionID, { width: 640, height: 360 }), cb))).rejects.toMatchObject({ code: 'PRIVACY_MODE' });
    expect(made.active.size).toBe(0);
    expect(ffmpegProcesses(`srtp://127.0.0.1:${request.video.port}`)).toEqual([]);
    await undoCameraChanges();
    expect(viewers()).toBe(0);
  });

  it('counts a HomeKit session as a viewer of the camera (maxStreams) through the same door as the web viewers', async () => {
    await setCamera({ videoConfig: { maxStreams: 1 } }, { videoConfig: { maxStreams: null } });
    const web = await app.homecam.streams.attach('door', 'main', { kind: 'viewer', label: 'web' });
    cleanups.push(() => web.close());
    const { delegate: made } = delegate();
    const request = prepareRequest(await freeUdpPort());
    await call((cb) => made.prepareStream(request, cb));
    await expect(call((cb) => made.handleStreamRequest(startRequest(request.sessionID, { width: 640, height: 360 }), cb))).rejects.toMatchObject({ code: 'MAX_STREAMS_REACHED' });
    expect(viewers()).toBe(1);
  });

  it('bounds the sessions per camera and refuses a suite other than AES_CM_128_HMAC_SHA1_80', async () => {
    const { delegate: made } = delegate({ maxSessions: 1 });
    const first = prepareRequest(await freeUdpPort());
    await call((cb) => made.prepareStream(first, cb));
    await expect(call((cb) => made.prepareStream(prepareRequest(40_000), cb))).rejects.toThrow(/too many HomeKit streams/);
    const { delegate: other } = delegate();
    const request = prepareRequest(40_002);
    await expect(call((cb) => other.prepareStream({ ...request, video: { ...request.video, srtpCryptoSuite: 1 } }, cb))).rejects.toThrow(/unsupported SRTP suite/);
  });
});
