import type { CameraStatus, ConfigFile } from '@homecam/shared';
import { startCameraSimulator, waitFor } from '@homecam/tools';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegProcesses } from '../src/media/test-support/hub-helpers.js';
import { LogCapture } from './helpers/log-capture.js';
import { LIVE_QUEUE, liveYardSuite, YARD_PASSWORD } from './helpers/live-yard.js';
import { closeAllLive, isState, isText, openLive, type LiveClient, type LiveEvent } from './helpers/live.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { makeDataDir } from './helpers/test-app.js';
import { signedInUser } from './helpers/users.js';

/**
 * Live video with the simulated camera: shared upstreams, outages, slow viewers, pause/resume, the viewer limit, a
 * source change; and, over everything a non-admin received here, that the camera's credentials never show.
 * The refusals of the live socket and the demo camera are in live-refusals.test.ts.
 */
const logs = new LogCapture();
const { yard, suite, received, asViewer, asAdmin, viewerLive, status } = liveYardSuite(logs);
const cameraStates: CameraStatus[] = [];
/** What a signed-in user without cameras:access heard: nothing. */
const strangerStates: CameraStatus[] = [];

const isFragment = (event: LiveEvent): boolean => event.kind === 'fragment';
const isKeyframe = (event: LiveEvent): boolean => event.kind === 'fragment' && event.info.keyframe;
const hubStats = () => suite.app.homecam.streams.stats('Yard', 'main');

beforeAll(async () => {
  const socket = socketClient(suite.url, suite.token.viewer);
  socket.on('cameraState', (state) => {
    cameraStates.push(state);
    received.push(JSON.stringify(state));
  });
  expect(await connectOutcome(socket)).toBe('connected');
  const stranger = socketClient(suite.url, (await signedInUser(suite.app, ['dashboard:access', 'settings:cameras:edit'])).token);
  stranger.on('cameraState', (state) => strangerStates.push(state));
  expect(await connectOutcome(stranger)).toBe('connected');
  // a new socket hears the current state of every camera at once
  await waitFor(() => cameraStates.find((s) => s.name === 'Yard'), { message: 'the initial cameraState' });
});
afterAll(() => closeAllSockets());

function record(client: LiveClient): void {
  client.ws.on('message', (data: Buffer, isBinary) => {
    if (!isBinary) received.push(data.toString('utf8'));
  });
}

describe('live video with the simulated camera', () => {
  it('two viewers and a snapshot share one RTSP session and one upstream; each starts with init + a keyframe', async () => {
    const plays = yard.camera.playCount;
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

    expect(yard.camera.activeSessions).toBe(1);
    expect(yard.camera.playCount - plays).toBe(1);
    expect(hubStats().upstreamStarts).toBe(1);
    expect(ffmpegProcesses(`:${yard.camera.port}/main`)).toHaveLength(1);
    expect(await status()).toMatchObject({ name: 'Yard', state: 'streaming', viewers: 2, transcoding: false, reason: null });
    await waitFor(() => cameraStates.some((s) => s.name === 'Yard' && s.state === 'streaming'), { message: 'socket.io cameraState streaming' });
    console.info(
      `live: open → first fragment ${firstA.at - openedA} ms cold, ${firstB.at - openedB} ms with the stream running; ` +
        `snapshot from the buffer ${snapshotMs} ms; RTSP sessions opened: ${yard.camera.playCount - plays}`,
    );
  });

  it('a camera outage shows offline to the viewers and over socket.io; the same sockets play again after it returns', async () => {
    const viewers = [viewerLive(), viewerLive()];
    viewers.forEach(record);
    await Promise.all(viewers.map((v) => v.next(isFragment)));
    const marks = viewers.map((v) => v.events.length);
    const statesBefore = cameraStates.length;

    await yard.camera.stop();
    const down = await Promise.all(viewers.map((v, i) => v.next(isState('offline'), { from: marks[i], message: 'state offline' })));
    marks.splice(0, marks.length, ...viewers.map((v, i) => v.events.indexOf(down[i]!)));
    const offline = await waitFor(() => cameraStates.slice(statesBefore).find((s) => s.name === 'Yard' && s.state === 'offline'), {
      message: 'socket.io cameraState offline',
    });
    expect(offline.reason).toEqual(expect.any(String));
    expect((await status()).state).toBe('offline');

    await yard.camera.start();
    for (const [i, v] of viewers.entries()) {
      const back = await v.next(isFragment, { from: marks[i], timeoutMs: 20_000, message: 'fragments after the outage' });
      expect(back.kind === 'fragment' && back.info.keyframe).toBe(true);
      await v.next(isState('streaming'), { from: marks[i] });
      expect(v.ws.readyState).toBe(v.ws.OPEN);
    }
    await waitFor(() => cameraStates.slice(statesBefore).some((s) => s.name === 'Yard' && s.state === 'streaming'), {
      message: 'socket.io cameraState streaming again',
    });
    expect(yard.camera.activeSessions).toBe(1);
  });

  it('a viewer that never reads does not delay another', async () => {
    // A busy picture (~2 Mbit/s) so buffers fill in seconds, and the slow viewer on a Unix socket: its kernel
    // buffer is ~200 KB where loopback TCP would absorb megabytes before the server notices.
    const busy = await startCameraSimulator({ cameras: 1, names: ['busy'], pattern: 'snow', mainSize: '640x360', subSize: '160x90', audio: false });
    const unixPath = join(await makeDataDir(), 'live.sock');
    const bridge = createServer((socket) => suite.app.server.emit('connection', socket));
    await new Promise<void>((resolve) => bridge.listen(unixPath, resolve));
    try {
      await asAdmin({ method: 'POST', url: '/api/cameras', payload: { name: 'Busy', videoConfig: { source: busy.cameras[0]!.mainUrl } } });
      const fast = viewerLive('Busy');
      await fast.next(isFragment, { message: 'the first fragment of the busy camera' });
      const slow = openLive(`ws+unix://${unixPath}:`, 'Busy', { token: suite.token.viewer });
      await slow.opened;
      slow.ws.pause(); // never reads: the socket backs up into the server
      const stats = () => suite.app.homecam.streams.stats('Busy', 'main');
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
    const cameras = config.cameras.map((c) => (c.name === 'Yard' ? { ...c, videoConfig: { ...(c.videoConfig as object), source: yard.camera.subUrl } } : c));
    expect((await asAdmin({ method: 'PATCH', url: '/api/config', payload: { ...config, cameras } })).statusCode).toBe(200);

    const init = await live.next((e) => e.kind === 'init' && e.info.video?.width === 640, { from: mark, message: 'the init of the new source' });
    await live.next(isKeyframe, { from: live.events.indexOf(init) });
    expect(hubStats().upstreamStarts).toBe(starts + 1);
    await waitFor(() => ffmpegProcesses(`:${yard.camera.port}/main`).length === 0, { message: 'the old upstream to stop' });
    expect(ffmpegProcesses(`:${yard.camera.port}/sub`)).toHaveLength(1);
    await asAdmin({ method: 'PATCH', url: '/api/cameras/Yard', payload: { videoConfig: { source: yard.camera.mainUrl } } });
  });
});

describe('credentials', () => {
  it('never appear in a non-admin answer, a live or socket.io message, or the log', async () => {
    for (const path of ['/api/cameras', '/api/cameras/Yard', '/api/cameras/Yard/status']) {
      expect((await asViewer({ url: path })).statusCode).toBe(200);
    }
    expect(received.join('\n')).toContain(`rtsp://admin:********@127.0.0.1:${yard.camera.port}/main`);
    expect(received.length).toBeGreaterThan(20);
    expect(logs.text).toContain('upstream ffmpeg started');
    const everything = [...received, logs.text].join('\n');
    for (const secret of [YARD_PASSWORD, encodeURIComponent(YARD_PASSWORD)]) expect(everything).not.toContain(secret);
    expect(cameraStates.length).toBeGreaterThan(5);
    expect(strangerStates).toEqual([]);
    // the viewer sees the source masked
    expect(received.join('\n')).not.toContain(yard.camera.mainUrl);
  });
});
