import type { CameraStatus, ConfigFile } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import type { InjectOptions } from 'fastify';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { ffmpegProcesses } from '../src/media/test-support/hub-helpers.js';
import { LogCapture } from './helpers/log-capture.js';
import { closeAllLive, isState, isText, openLive, type LiveClient, type LiveEvent } from './helpers/live.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, masterUser, signedInUser, tokenFor } from './helpers/users.js';

/**
 * The live video path end to end: the real app on a port, the GStreamer camera simulator (with credentials in
 * its URLs), real ffmpeg, WebSocket viewers and a socket.io client. One simulated camera serves every test.
 */
const PASSWORD = 'Sup3r$ecret:pw';
/** Smaller than the default so a stalled viewer overflows within seconds; still holds a whole 2 s GOP. */
const LIVE_QUEUE = { maxSeconds: 2.5, maxBytes: 2 * 1024 * 1024 };
const logs = new LogCapture();
/** Everything a non-admin received: HTTP answers, live text messages, socket.io payloads. */
const received: string[] = [];
const cameraStates: CameraStatus[] = [];
/** What a signed-in user without cameras:access heard: nothing. */
const strangerStates: CameraStatus[] = [];

let sim: CameraSimulator;
let camera: SimulatedCamera;
let app: HomecamApp;
let url: string;
let admin: string;
let viewer: string;

const isFragment = (event: LiveEvent): boolean => event.kind === 'fragment';
const isKeyframe = (event: LiveEvent): boolean => event.kind === 'fragment' && event.info.keyframe;

async function asViewer(options: InjectOptions) {
  const response = await app.inject({ ...options, headers: { ...bearer(viewer), ...options.headers } });
  received.push(`${JSON.stringify(response.headers)}\n${String(response.headers['content-type']).startsWith('image/') ? '' : response.body}`);
  return response;
}

async function asAdmin(options: InjectOptions) {
  return app.inject({ ...options, headers: { ...bearer(admin), ...options.headers } });
}

function viewerLive(name = 'Yard', options: Parameters<typeof openLive>[2] = {}): LiveClient {
  return openLive(url, name, { token: viewer, ...options });
}

const status = async (name = 'Yard'): Promise<CameraStatus> => (await asViewer({ url: `/api/cameras/${name}/status` })).json<CameraStatus>();
const hubStats = () => app.homecam.streams.stats('Yard', 'main');

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'], credentials: { user: 'admin', password: PASSWORD } });
  camera = sim.cameras[0]!;
  app = await createTestApp({
    logLevel: 'debug',
    logStream: logs,
    media: {
      hub: { idleTimeoutMs: 1_000, process: { backoff: { initialMs: 200, maxMs: 1_000 }, killTimeoutMs: 1_000 } },
      viewerQueue: LIVE_QUEUE,
    },
    live: { authTimeoutMs: 500, highWaterBytes: 16 * 1024 },
  });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  const created = await asAdmin({
    method: 'POST',
    url: '/api/cameras',
    payload: { name: 'Yard', videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 } },
  });
  expect(created.statusCode).toBe(201);
  const socket = socketClient(url, viewer);
  socket.on('cameraState', (state) => {
    cameraStates.push(state);
    received.push(JSON.stringify(state));
  });
  expect(await connectOutcome(socket)).toBe('connected');
  const stranger = socketClient(url, (await signedInUser(app, ['dashboard:access', 'settings:cameras:edit'])).token);
  stranger.on('cameraState', (state) => strangerStates.push(state));
  expect(await connectOutcome(stranger)).toBe('connected');
  // a new socket hears the current state of every camera at once
  await waitFor(() => cameraStates.find((s) => s.name === 'Yard'), { message: 'the initial cameraState' });
});

afterEach(async () => {
  closeAllLive();
  await waitFor(async () => (await status()).viewers === 0, { message: 'the viewers to leave' });
  if (!camera.running) await camera.start();
});

afterAll(async () => {
  closeAllSockets();
  await app?.close();
  // Closing the app stops every upstream.
  if (camera) expect(ffmpegProcesses(`:${camera.port}/`)).toEqual([]);
  await sim?.close();
});

function record(client: LiveClient): void {
  client.ws.on('message', (data: Buffer, isBinary) => {
    if (!isBinary) received.push(data.toString('utf8'));
  });
}

describe('live video with the simulated camera', () => {
  it('two viewers and a snapshot share one RTSP session and one upstream; each starts with init + a keyframe', async () => {
    const plays = camera.playCount;
    const a = viewerLive();
    record(a);
    await a.opened;
    const openedA = Date.now();
    const firstA = await a.next(isFragment, { message: 'the first fragment (cold)' });
    const b = viewerLive();
    record(b);
    await b.opened;
    const openedB = Date.now();
    const firstB = await b.next(isFragment, { message: 'the first fragment (stream running)' });

    const states = a.texts().filter((m) => m.type === 'state').map((m) => (m.type === 'state' ? m.state : ''));
    expect(states).toEqual(['starting', 'streaming']);
    expect(b.texts()[0]).toEqual({ type: 'state', state: 'streaming', reason: null });
    for (const client of [a, b]) {
      const init = client.texts().find((m) => m.type === 'init');
      expect(init).toMatchObject({ type: 'init', transcoding: false });
      expect(init?.type === 'init' && init.mimeType).toMatch(/^video\/mp4; codecs="avc1\.42C0[0-9A-F]{2}, mp4a\.40\.2"$/);
      const binary = client.events.filter((e) => e.kind !== 'text');
      expect(binary[0]?.kind).toBe('init');
      expect(binary[0]?.kind === 'init' && binary[0].info.video?.width).toBe(1280);
      expect(binary[1]?.kind === 'fragment' && binary[1].info.keyframe).toBe(true);
    }

    const t0 = Date.now();
    const snapshot = await asViewer({ url: '/api/cameras/Yard/snapshot' });
    const snapshotMs = Date.now() - t0;
    expect(snapshot.statusCode).toBe(200);
    expect(snapshot.headers['content-type']).toBe('image/jpeg');
    expect(snapshot.headers['cache-control']).toBe('private, max-age=2');
    expect(snapshot.headers['x-snapshot-from']).toBe('buffer');
    expect(snapshot.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    expect(camera.activeSessions).toBe(1);
    expect(camera.playCount - plays).toBe(1);
    expect(hubStats().upstreamStarts).toBe(1);
    expect(ffmpegProcesses(`:${camera.port}/main`)).toHaveLength(1);
    expect(await status()).toMatchObject({ name: 'Yard', state: 'streaming', viewers: 2, transcoding: false, reason: null });
    await waitFor(() => cameraStates.some((s) => s.name === 'Yard' && s.state === 'streaming'), { message: 'socket.io cameraState streaming' });
    console.info(
      `live: open → first fragment ${firstA.at - openedA} ms cold, ${firstB.at - openedB} ms with the stream running; ` +
        `snapshot from the buffer ${snapshotMs} ms; RTSP sessions opened: ${camera.playCount - plays}`,
    );
  });

  it('a camera outage shows offline to the viewers and over socket.io; the same sockets play again after it returns', async () => {
    const viewers = [viewerLive(), viewerLive()];
    viewers.forEach(record);
    await Promise.all(viewers.map((v) => v.next(isFragment)));
    const marks = viewers.map((v) => v.events.length);
    const statesBefore = cameraStates.length;

    await camera.stop();
    const down = await Promise.all(viewers.map((v, i) => v.next(isState('offline'), { from: marks[i], message: 'state offline' })));
    marks.splice(0, marks.length, ...viewers.map((v, i) => v.events.indexOf(down[i]!)));
    const offline = await waitFor(() => cameraStates.slice(statesBefore).find((s) => s.name === 'Yard' && s.state === 'offline'), {
      message: 'socket.io cameraState offline',
    });
    expect(offline.reason).toEqual(expect.any(String));
    expect((await status()).state).toBe('offline');

    await camera.start();
    for (const [i, v] of viewers.entries()) {
      const back = await v.next(isFragment, { from: marks[i], timeoutMs: 20_000, message: 'fragments after the outage' });
      expect(back.kind === 'fragment' && back.info.keyframe).toBe(true);
      await v.next(isState('streaming'), { from: marks[i] });
      expect(v.ws.readyState).toBe(v.ws.OPEN);
    }
    await waitFor(() => cameraStates.slice(statesBefore).some((s) => s.name === 'Yard' && s.state === 'streaming'), {
      message: 'socket.io cameraState streaming again',
    });
    expect(camera.activeSessions).toBe(1);
  });

  it('a viewer that never reads does not delay another', async () => {
    // A busy picture (~2 Mbit/s) so buffers fill in seconds, and the slow viewer on a Unix socket: its kernel
    // buffer is ~200 KB where loopback TCP would absorb megabytes before the server notices.
    const busy = await startCameraSimulator({ cameras: 1, names: ['busy'], pattern: 'snow', mainSize: '640x360', subSize: '160x90', audio: false });
    const unixPath = join(await makeDataDir(), 'live.sock');
    const bridge = createServer((socket) => app.server.emit('connection', socket));
    await new Promise<void>((resolve) => bridge.listen(unixPath, resolve));
    try {
      await asAdmin({ method: 'POST', url: '/api/cameras', payload: { name: 'Busy', videoConfig: { source: busy.cameras[0]!.mainUrl } } });
      const fast = viewerLive('Busy');
      await fast.next(isFragment, { message: 'the first fragment of the busy camera' });
      const slow = openLive(`ws+unix://${unixPath}:`, 'Busy', { token: viewer });
      await slow.opened;
      slow.ws.pause(); // never reads: the socket backs up into the server
      const stats = () => app.homecam.streams.stats('Busy', 'main');
      await waitFor(() => stats().consumers.some((c) => c.dropped > 0), { timeoutMs: 15_000, message: 'the slow viewer to drop' });

      // Meanwhile the other one gets every fragment as it arrives from the camera.
      const fromFast = fast.fragments().length;
      const fromHub = stats().fragmentsIn;
      const start = Date.now();
      const media = () => fast.fragments().slice(fromFast).reduce((seconds, f) => seconds + f.info.duration, 0);
      await waitFor(() => media() >= 2, { timeoutMs: 6_000, message: '2 s of media' });
      const wallMs = Date.now() - start;
      const behind = stats().fragmentsIn - fromHub - (fast.fragments().length - fromFast);
      expect(behind).toBeLessThanOrEqual(2);
      const slowConsumer = stats().consumers.find((c) => c.dropped > 0);
      expect(slowConsumer?.queuedBytes).toBeLessThan(LIVE_QUEUE.maxBytes + 512 * 1024);
      expect(stats().upstreamStarts).toBe(1);
      console.info(`slow viewer: dropped ${slowConsumer?.dropped} fragments; the other got 2 s of media in ${wallMs} ms, ${behind} fragment(s) behind the camera`);
    } finally {
      closeAllLive();
      await asAdmin({ method: 'DELETE', url: '/api/cameras/Busy' });
      bridge.close();
      await busy.close();
    }
  });

  it('pause detaches the viewer, resume starts again from a keyframe', async () => {
    const paused = viewerLive();
    const other = viewerLive();
    await Promise.all([paused.next(isFragment), other.next(isFragment)]);
    paused.send({ type: 'pause' });
    await waitFor(async () => (await status()).viewers === 1, { message: 'the paused viewer to detach' });
    const count = paused.fragments().length;
    const otherCount = other.fragments().length;
    await waitFor(() => other.fragments().length >= otherCount + 10, { message: 'time to pass' });
    expect(paused.fragments().length).toBe(count);

    const mark = paused.events.length;
    paused.send({ type: 'resume' });
    await paused.next(isText('init'), { from: mark });
    await paused.next(isFragment, { from: mark, message: 'a fragment after resume' });
    expect(paused.events.slice(mark).filter((e) => e.kind !== 'text')[0]?.kind).toBe('init');
    expect(paused.events.slice(mark).find(isFragment)).toMatchObject({ info: { keyframe: true } });
    expect((await status()).viewers).toBe(2);
  });

  it("maxStreams limits the live viewers with a clear message", async () => {
    expect((await asAdmin({ method: 'PATCH', url: '/api/cameras/Yard', payload: { videoConfig: { maxStreams: 1 } } })).statusCode).toBe(200);
    const first = viewerLive();
    await first.next(isFragment);
    const second = viewerLive();
    const error = await second.next(isText('error'));
    expect(error).toMatchObject({
      message: { type: 'error', code: 'MAX_STREAMS_REACHED', message: "the camera's maximum number of live viewers is reached" },
    });
    expect(await second.closed).toEqual({ code: 4429, reason: 'MAX_STREAMS_REACHED' });
    // snapshots do not count
    expect((await asViewer({ url: '/api/cameras/Yard/snapshot' })).statusCode).toBe(200);
    await asAdmin({ method: 'PATCH', url: '/api/cameras/Yard', payload: { videoConfig: { maxStreams: null } } });
  });

  it('PATCH /api/config with a new source restarts the running stream; the viewer gets the new init on the same socket', async () => {
    const live = viewerLive();
    await live.next(isKeyframe);
    const starts = hubStats().upstreamStarts;
    const mark = live.events.length;
    const config = (await asAdmin({ url: '/api/config' })).json<ConfigFile>();
    const cameras = config.cameras.map((c) => (c.name === 'Yard' ? { ...c, videoConfig: { ...(c.videoConfig as object), source: camera.subUrl } } : c));
    expect((await asAdmin({ method: 'PATCH', url: '/api/config', payload: { ...config, cameras } })).statusCode).toBe(200);

    const init = await live.next((e) => e.kind === 'init' && e.info.video?.width === 640, { from: mark, message: 'the init of the new source' });
    await live.next(isKeyframe, { from: live.events.indexOf(init) });
    expect(hubStats().upstreamStarts).toBe(starts + 1);
    await waitFor(() => ffmpegProcesses(`:${camera.port}/main`).length === 0, { message: 'the old upstream to stop' });
    expect(ffmpegProcesses(`:${camera.port}/sub`)).toHaveLength(1);
    await asAdmin({ method: 'PATCH', url: '/api/cameras/Yard', payload: { videoConfig: { source: camera.mainUrl } } });
  });
});

describe('the live socket refuses', () => {
  const closedWith = async (client: LiveClient) => {
    const error = await client.next(isText('error'));
    return { error: error.kind === 'text' ? error.message : null, close: await client.closed };
  };

  it('a client that does not authenticate, or sends something else first', async () => {
    expect(await closedWith(openLive(url, 'Yard'))).toMatchObject({ error: { code: 'UNAUTHENTICATED' }, close: { code: 4401 } });
    const chatty = openLive(url, 'Yard');
    await chatty.opened;
    chatty.send({ type: 'resume' });
    expect(await closedWith(chatty)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(await closedWith(openLive(url, 'Yard', { token: 'not-a-token' }))).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('a page from another origin, a user without cameras:access, a session owing the credential change', async () => {
    expect(await closedWith(viewerLive('Yard', { origin: 'http://evil.example' }))).toMatchObject({
      error: { code: 'FORBIDDEN' },
      close: { code: 4403 },
    });
    const { token } = await signedInUser(app, ['settings:cameras:edit', 'dashboard:access']);
    expect(await closedWith(openLive(url, 'Yard', { token }))).toMatchObject({ error: { code: 'FORBIDDEN' }, close: { code: 4403 } });
    const master = await tokenFor(app, await masterUser(app));
    expect(await closedWith(openLive(url, 'Yard', { token: master }))).toMatchObject({ error: { code: 'CREDENTIALS_CHANGE_REQUIRED' } });
    // the own origin is fine
    const same = viewerLive('Yard', { origin: url });
    await same.next(isText('state'));
  });

  it('an unknown camera (after authenticating), a plain HTTP request', async () => {
    expect(await closedWith(viewerLive('Nope'))).toMatchObject({ error: { code: 'CAMERA_NOT_FOUND' }, close: { code: 4404 } });
    const plain = await asViewer({ url: '/api/cameras/Yard/live' });
    expect(plain.statusCode).toBe(400);
    expect((await app.inject({ url: '/api/cameras/Yard/live' })).statusCode).toBe(401);
  });

  it('accepts the session cookie instead of the auth message, and ends with the session', async () => {
    const { token } = await signedInUser(app, ['cameras:access']);
    const live = openLive(url, 'Yard', { cookie: token });
    await live.next(isText('state'));
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(await closedWith(live)).toMatchObject({ error: { code: 'UNAUTHENTICATED' }, close: { code: 4401 } });
  });
});

describe('demo camera', () => {
  it('plays live and snapshots without a camera; a still image source is used when the stream is idle; a rename closes its viewers', async () => {
    const demo = await asAdmin({ method: 'POST', url: '/api/cameras/demo' });
    const name = demo.json<{ name: string }>().name;
    await asAdmin({ method: 'PATCH', url: `/api/cameras/${name}`, payload: { videoConfig: { source: 'demo:?size=320x240&fps=10' } } });
    const live = viewerLive(name);
    await live.next(isKeyframe);
    expect(live.texts().find((m) => m.type === 'init')).toMatchObject({ transcoding: true });
    const snapshot = await asViewer({ url: `/api/cameras/${name}/snapshot?width=160` });
    expect([snapshot.statusCode, snapshot.headers['x-snapshot-from']]).toEqual([200, 'buffer']);

    const renamed = await asAdmin({ method: 'PATCH', url: `/api/cameras/${name}`, payload: { name: 'Test Pattern' } });
    expect(renamed.statusCode).toBe(200);
    expect(await live.next(isText('error'))).toMatchObject({ message: { code: 'CAMERA_NOT_FOUND' } });
    expect((await live.closed).code).toBe(4404);

    // no stream running for it: a burst of snapshots starts it once and shares one picture
    const burst = await Promise.all([1, 2, 3].map(() => asViewer({ url: '/api/cameras/Test%20Pattern/snapshot' })));
    expect(burst.map((r) => [r.statusCode, r.headers['x-snapshot-from']])).toEqual([[200, 'live'], [200, 'live'], [200, 'live']]);
    expect(new Set(burst.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(app.homecam.streams.stats('Test Pattern', 'main').upstreamStarts).toBe(1);
    await waitFor(() => app.homecam.streams.streamState('Test Pattern', 'main').state === 'idle', { message: 'the pulled stream to idle out' });

    // no stream running for it: the still image source answers (a one-shot ffmpeg, here another generated picture)
    await asAdmin({ method: 'PATCH', url: '/api/cameras/Test%20Pattern', payload: { videoConfig: { stillImageSource: 'demo:?size=64x48&audio=0' } } });
    const still = await asViewer({ url: '/api/cameras/Test%20Pattern/snapshot' });
    expect([still.statusCode, still.headers['x-snapshot-from']]).toEqual([200, 'still']);
    await asAdmin({ method: 'DELETE', url: '/api/cameras/Test%20Pattern' });
  });
});

describe('credentials', () => {
  it('never appear in a non-admin answer, a live or socket.io message, or the log', async () => {
    for (const path of ['/api/cameras', '/api/cameras/Yard', '/api/cameras/Yard/status']) {
      expect((await asViewer({ url: path })).statusCode).toBe(200);
    }
    expect(received.join('\n')).toContain(`rtsp://admin:********@127.0.0.1:${camera.port}/main`);
    expect(received.length).toBeGreaterThan(20);
    expect(logs.text).toContain('upstream ffmpeg started');
    const everything = [...received, logs.text].join('\n');
    for (const secret of [PASSWORD, encodeURIComponent(PASSWORD)]) expect(everything).not.toContain(secret);
    expect(cameraStates.length).toBeGreaterThan(5);
    expect(strangerStates).toEqual([]);
    // the viewer sees the source masked
    expect(received.join('\n')).not.toContain(camera.mainUrl);
  });
});
