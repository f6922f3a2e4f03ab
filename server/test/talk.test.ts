import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { RtpClient } from '../src/webrtc/test-support/rtp-client.js';
import { addCamera } from './helpers/http.js';
import { closeAllLive, isText, type LiveClient } from './helpers/live.js';
import { running } from './helpers/processes.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';
import { openWebrtcViewer } from './helpers/webrtc.js';

/**
 * Press to talk end to end (issue 22): a Node WebRTC client offers sendrecv audio like the page, a real ffmpeg makes
 * its "microphone" (a 440 Hz tone as Opus RTP), the server transcodes it with ffmpeg to G.711 and sends it over the
 * RTSP backchannel of the GStreamer camera with a speaker, which reports what it heard.
 */
let speakerSim: CameraSimulator;
let plainSim: CameraSimulator;
let app: HomecamApp;
let url: string;
let admin: string;
const clients: RtpClient[] = [];
const tones: { child: ChildProcess; socket: Socket }[] = [];
const speaker = () => speakerSim.cameras[0]!.talk;

/** A live tone as Opus RTP (payload type 111, 20 ms) handed to the client's microphone track, packet by packet. */
async function microphone(rtp: RtpClient): Promise<void> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', (packet) => rtp.sendMicrophone(packet));
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20', '-f', 'rtp', '-payload_type', '111', `rtp://127.0.0.1:${socket.address().port}`];
  tones.push({ child: spawn('ffmpeg', args, { stdio: 'ignore' }), socket });
}

async function talker(camera: string, permissions: Parameters<typeof signedInUser>[1] = ['cameras:access']) {
  const { user, token } = await signedInUser(app, permissions);
  const { live, rtp } = await openWebrtcViewer(url, camera, token, { microphone: true });
  clients.push(rtp);
  await live.next(isText('webrtc-answer'), { message: 'the answer' });
  await waitFor(() => rtp.state() === 'connected', { message: 'the peer connected' });
  await microphone(rtp);
  return { user, token, live, rtp };
}

/** The next `talk` message from `from` on. */
async function talkAnswer(live: LiveClient, from: number) {
  const event = await live.next(isText('talk'), { from, message: 'a talk answer' });
  return event.kind === 'text' && event.message.type === 'talk' ? event.message : null;
}

async function press(live: LiveClient, on: boolean) {
  const from = live.events.length;
  live.send({ type: 'talk', on });
  return talkAnswer(live, from);
}

const openLinks = () => app.modules.streams.talk.openLinks();

beforeAll(async () => {
  [speakerSim, plainSim] = await Promise.all([
    startCameraSimulator({ cameras: 1, backchannel: true, audio: false, mainSize: '320x240', subSize: '160x120', credentials: { user: 'admin', password: 'sp3ak:er' } }),
    startCameraSimulator({ cameras: 1, audio: false, mainSize: '320x240', subSize: '160x120' }),
  ]);
  app = await createTestApp({ media: { hub: { idleTimeoutMs: 1_000 } }, live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  await addCamera(app, admin, { name: 'Door', videoConfig: { source: speakerSim.cameras[0]!.mainUrl, stimeout: 5 } });
  await addCamera(app, admin, { name: 'Shed', videoConfig: { source: plainSim.cameras[0]!.mainUrl, stimeout: 5 } });
  await app.homecam.config.patchSection('webrtc', { active: true, bindAddress: '127.0.0.1' });
});

afterEach(async () => {
  closeAllLive();
  for (const client of clients.splice(0)) client.close();
  for (const tone of tones.splice(0)) {
    tone.child.kill('SIGKILL');
    tone.socket.close();
  }
  await waitFor(() => openLinks().length === 0 && speaker().open === 0, { timeoutMs: 15_000, message: 'no backchannel left open' });
});

afterAll(async () => {
  await app?.close();
  await Promise.all([speakerSim?.close(), plainSim?.close()]);
});

describe('press to talk', () => {
  it('says which cameras can talk: the one whose DESCRIBE offers a backchannel', async () => {
    const { token } = await signedInUser(app, ['cameras:access']);
    const ask = (camera: string) => app.inject({ url: `/api/cameras/${camera}/talk`, headers: bearer(token) });
    expect((await ask('Door')).json()).toEqual({ available: true });
    expect((await ask('Shed')).json()).toEqual({ available: false });
    expect((await ask('Nowhere')).statusCode).toBe(404);
    const { token: noAccess } = await signedInUser(app, ['dashboard:access']);
    expect((await app.inject({ url: '/api/cameras/Door/talk', headers: bearer(noAccess) })).statusCode).toBe(403);
  });

  it('sends the held microphone to the camera speaker as G.711, silence after the release, and closes after the idle time', async () => {
    const { live } = await talker('Door');
    const before = speaker().bytes;
    expect(await press(live, true)).toEqual({ type: 'talk', state: 'talking' });
    const [link] = openLinks();
    expect(link).toMatchObject({ camera: 'Door', pressed: true });
    await waitFor(() => speaker().bytes - before > 8_000, { timeoutMs: 10_000, message: 'a second of the tone at the camera' });
    expect(speaker().peakRms).toBeGreaterThan(1_000);
    expect(await press(live, false)).toEqual({ type: 'talk', state: 'stopped' });
    expect(openLinks()[0]!.packetsSent).toBeGreaterThan(40);
    // released: the sound stops at once (only ffmpeg's last buffered output follows), the session goes after 5 s idle
    const heardAtRelease = speaker().bytes;
    await waitFor(() => speaker().open === 0, { timeoutMs: 15_000, message: 'the backchannel torn down after the idle time' });
    expect(speaker().bytes - heardAtRelease).toBeLessThan(4_000);
    await waitFor(() => link!.transcoderPid === undefined || !running(link!.transcoderPid), { message: 'the transcoder ffmpeg ended' });
  });

  it('lets one talker talk per camera: a second gets TALK_BUSY while the first holds the button', async () => {
    const first = await talker('Door');
    const second = await talker('Door');
    expect(await press(first.live, true)).toMatchObject({ state: 'talking' });
    expect(await press(second.live, true)).toEqual({ type: 'talk', state: 'refused', code: 'TALK_BUSY' });
    expect(openLinks()).toHaveLength(1);
    // once the first let go, the second may talk (the first one's idle backchannel is taken over)
    expect(await press(first.live, false)).toMatchObject({ state: 'stopped' });
    expect(await press(second.live, true)).toMatchObject({ state: 'talking' });
    expect(openLinks()).toEqual([expect.objectContaining({ pressed: true })]);
  });

  it('refuses a camera without a backchannel with TALK_UNAVAILABLE', async () => {
    const { live } = await talker('Shed');
    expect(await press(live, true)).toEqual({ type: 'talk', state: 'refused', code: 'TALK_UNAVAILABLE' });
    expect(openLinks()).toHaveLength(0);
  });

  it('stops talking at once when the talker loses cameras:access', async () => {
    const { user, live } = await talker('Door');
    expect(await press(live, true)).toMatchObject({ state: 'talking' });
    const changed = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['dashboard:access'] } });
    expect(changed.statusCode).toBe(200);
    expect((await live.closed).code).toBe(4403);
    // torn down with the socket, not after the 5 s idle time of a release
    expect(openLinks()).toHaveLength(0);
    await waitFor(() => speaker().open === 0, { timeoutMs: 3_000, message: 'the camera saw the TEARDOWN' });
  });

  it('stops talking at once when the talker signs out', async () => {
    const { token, live } = await talker('Door');
    expect(await press(live, true)).toMatchObject({ state: 'talking' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await live.closed).code).toBe(4401);
    expect(openLinks()).toHaveLength(0);
    await waitFor(() => speaker().open === 0, { timeoutMs: 3_000, message: 'the camera saw the TEARDOWN' });
  });
});
