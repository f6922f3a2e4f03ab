import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { createdPeerCount, openPeerCount, openPeerRemoteCandidates } from '../src/webrtc/peer.js';
import { rtpClient, type RtpClient } from '../src/webrtc/test-support/rtp-client.js';
import { addCamera } from './helpers/http.js';
import { closeAllLive, isText, openLive, type LiveClient } from './helpers/live.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { openWebrtcViewer } from './helpers/webrtc.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * WebRTC live view end to end: the real app, the GStreamer camera simulator, real ffmpeg; a Node WebRTC client
 * (libdatachannel, loopback) offers over the live WebSocket like the browser does and receives the RTP.
 */
let sim: CameraSimulator;
let camera: SimulatedCamera;
let app: HomecamApp;
let url: string;
let viewer: string;
let admin: string;
const clients: RtpClient[] = [];
const execFileAsync = promisify(execFile);

const viewers = async (): Promise<number> =>
  (await app.inject({ url: '/api/cameras/Yard/status', headers: bearer(viewer) })).json<{ viewers: number }>().viewers;

async function setWebrtc(settings: Record<string, unknown>): Promise<void> {
  await app.homecam.config.patchSection('webrtc', settings);
}

async function webrtcViewer(camera = 'Yard', token = viewer): Promise<{ live: LiveClient; rtp: RtpClient }> {
  const opened = await openWebrtcViewer(url, camera, token);
  clients.push(opened.rtp);
  return opened;
}

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'] });
  camera = sim.cameras[0]!;
  app = await createTestApp({ media: { hub: { idleTimeoutMs: 1_000 } }, live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  await addCamera(app, admin, { name: 'Yard', videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 } });
});

afterEach(async () => {
  closeAllLive();
  for (const client of clients.splice(0)) client.close();
  await waitFor(async () => (await viewers()) === 0, { message: 'the viewers to leave' });
  await waitFor(() => openPeerCount() === 0, { message: 'no peer to outlive its viewer' });
  await setWebrtc({ active: true, bindAddress: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

describe('WebRTC live view', () => {
  beforeAll(() => setWebrtc({ active: true, bindAddress: '127.0.0.1' }));

  it('answers the offer with H.264 mode 1 and sends a keyframe with SPS/PPS, then frames with advancing timestamps', async () => {
    const { live, rtp } = await webrtcViewer();
    const answered = await live.next(isText('webrtc-answer'), { message: 'the answer' });
    if (answered.kind !== 'text' || answered.message.type !== 'webrtc-answer') throw new Error('no answer');
    const sdp = answered.message.sdp;
    expect(sdp).toMatch(/a=rtpmap:106 H264\/90000/);
    expect(sdp).not.toMatch(/a=rtpmap:96 VP8/);
    expect(sdp).toMatch(/a=candidate:.* 127\.0\.0\.1 \d+ typ host/);
    // the offer had no candidate: ICE ran on the trickled ones (webrtc-candidate)
    await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(7)) && rtp.packets.some((p) => p.nalTypes.includes(5)), {
      timeoutMs: 20_000,
      message: 'SPS and an IDR slice over RTP',
    });
    expect(rtp.packets.every((p) => p.payloadType === 106)).toBe(true);
    const first = rtp.packets.find((p) => p.nalTypes.includes(7))!;
    expect(rtp.packets.find((p) => p.nalTypes.includes(5))!.timestamp).toBe(first.timestamp);
    const seen = rtp.packets.length;
    await waitFor(() => new Set(rtp.packets.slice(seen).map((p) => p.timestamp)).size >= 10, { message: '10 more frames' });
    const live1 = rtp.packets.slice(seen).filter((p) => p.marker);
    // 25 fps: live frames 40 ms = 3600 ticks apart (timestamps only move forward)
    const deltas = live1.slice(1).map((p, i) => (p.timestamp - live1[i]!.timestamp) >>> 0);
    expect(deltas.every((d) => d > 0 && d < 90_000)).toBe(true);
    expect(deltas.filter((d) => Math.abs(d - 3600) <= 90).length).toBeGreaterThan(deltas.length / 2);
    // media goes over WebRTC only: no MSE init segment on the socket; the viewer counts as a viewer
    expect(live.events.some((e) => e.kind === 'init' || (e.kind === 'text' && e.message.type === 'init'))).toBe(false);
    expect(await viewers()).toBe(1);
  });

  it('uses the candidates sent right behind the offer, before the sign-in is checked, and drops what our socket cannot reach', async () => {
    const rtp = await rtpClient();
    clients.push(rtp);
    const offer = await rtp.offer();
    const live = openLive(url, 'Yard', { token: viewer, transport: 'webrtc' });
    await live.opened;
    // as the page does now: the offer and its candidates go out with the auth message, not after the answer
    live.send({ type: 'webrtc-offer', sdp: offer.sdp });
    for (const candidate of offer.candidates) live.send({ type: 'webrtc-candidate', ...candidate });
    live.send({ type: 'webrtc-candidate', candidate: 'candidate:9 1 udp 2122129151 fd00::9 50039 typ host', mid: '0' });
    live.send({ type: 'webrtc-candidate', candidate: 'candidate:8 1 udp 2122260223 198.51.100.7 35987 typ host', mid: '0' });
    const answered = await live.next(isText('webrtc-answer'), { message: 'the answer' });
    if (answered.kind !== 'text' || answered.message.type !== 'webrtc-answer') throw new Error('no answer');
    // libdatachannel has the held loopback candidate (at its port); not the IPv6 or other machine's one (bound to 127.0.0.1)
    const port = / 127\.0\.0\.1 (\d+) typ host/.exec(offer.candidates.map((c) => c.candidate).join('\n'))?.[1];
    expect(port, `the client's candidates: ${JSON.stringify(offer.candidates)}`).toBeDefined();
    await waitFor(() => openPeerRemoteCandidates().some((line) => line.includes(` 127.0.0.1 ${port} typ host`)), { message: 'the held candidate in the peer' });
    expect(openPeerRemoteCandidates().filter((line) => line.includes('fd00::9') || line.includes('198.51.100.7'))).toEqual([]);
    rtp.accept(answered.message.sdp);
    await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(5)), { timeoutMs: 20_000, message: 'a keyframe over RTP' });
  });

  it('closing the socket closes the peer connection at once', async () => {
    const { live, rtp } = await webrtcViewer();
    await live.next(isText('webrtc-answer'), { message: 'the answer' });
    await waitFor(() => rtp.packets.length > 0, { message: 'RTP' });
    expect(openPeerCount()).toBe(1);
    live.close();
    const closedAt = Date.now();
    await waitFor(() => openPeerCount() === 0, { timeoutMs: 5_000, message: 'the server to close the peer' });
    expect(Date.now() - closedAt).toBeLessThan(1_000);
    await waitFor(async () => (await viewers()) === 0, { message: 'the viewer to leave' });
  });

  it('pause stops the RTP, resume starts again at a keyframe', async () => {
    const { live, rtp } = await webrtcViewer();
    await live.next(isText('webrtc-answer'), { message: 'the answer' });
    await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(5)), { timeoutMs: 20_000, message: 'a keyframe' });
    live.send({ type: 'pause' });
    await waitFor(async () => (await viewers()) === 0, { message: 'the paused viewer to detach' });
    const paused = rtp.packets.length;
    live.send({ type: 'resume' });
    await waitFor(() => rtp.packets.slice(paused).some((p) => p.nalTypes.includes(7)), { timeoutMs: 10_000, message: 'SPS after resume' });
    const stamps = rtp.packets.map((p) => p.timestamp);
    // the resumed frames continue the timeline: the first one after the pause is later than the last before it
    expect((stamps[paused]! - stamps[paused - 1]!) >>> 0).toBeLessThan(2 ** 31);
    expect(rtp.state()).toBe('connected');
  });

  it('falls back to MSE on the same socket when the player asks (webrtc-fallback)', async () => {
    const { live } = await webrtcViewer();
    await live.next(isText('webrtc-answer'), { message: 'the answer' });
    live.send({ type: 'webrtc-fallback' });
    await live.next((e) => e.kind === 'fragment' && e.info.keyframe, { message: 'MSE fragments after the fallback' });
    expect(live.texts().some((m) => m.type === 'init')).toBe(true);
    expect(live.texts().some((m) => m.type === 'webrtc-unavailable')).toBe(false);
    expect(await viewers()).toBe(1);
  });

  it('with webrtc.active false it says DISABLED and plays MSE', async () => {
    await setWebrtc({ active: false });
    const { live, rtp } = await webrtcViewer();
    const declined = await live.next(isText('webrtc-unavailable'), { message: 'webrtc-unavailable' });
    expect(declined.kind === 'text' && declined.message).toEqual({ type: 'webrtc-unavailable', reason: 'DISABLED' });
    await live.next((e) => e.kind === 'init', { message: 'the MSE init segment' });
    await live.next((e) => e.kind === 'fragment' && e.info.keyframe, { message: 'an MSE keyframe' });
    expect(live.texts().some((m) => m.type === 'webrtc-answer')).toBe(false);
    expect(rtp.packets).toEqual([]);
  });

  it('an offer without H.264 packetization-mode 1 is declined as NEGOTIATION and MSE plays', async () => {
    const live = openLive(url, 'Yard', { token: viewer, transport: 'webrtc' });
    await live.opened;
    live.send({ type: 'webrtc-offer', sdp: 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=mid:0\r\na=recvonly\r\na=rtpmap:96 VP8/90000\r\n' });
    const declined = await live.next(isText('webrtc-unavailable'), { message: 'webrtc-unavailable' });
    expect(declined.kind === 'text' && declined.message).toEqual({ type: 'webrtc-unavailable', reason: 'NEGOTIATION' });
    await live.next((e) => e.kind === 'fragment', { message: 'MSE fragments' });
  });

  it('a camera sending B-frames (High profile) is declined as B_FRAMES and plays over MSE', async () => {
    const clip = join(await makeDataDir(), 'bframes.mkv');
    await execFileAsync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '4',
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-bf', '2', '-g', '50', '-pix_fmt', 'yuv420p', '-f', 'matroska', clip]);
    const bees = await startCameraSimulator({ cameras: 1, names: ['bees'], clip: { main: clip }, audio: false });
    try {
      await addCamera(app, admin, { name: 'Bees', videoConfig: { source: bees.cameras[0]!.mainUrl, stimeout: 5 } });
      const { live } = await webrtcViewer('Bees');
      await live.next(isText('webrtc-answer'), { message: 'the answer' });
      const declined = await live.next(isText('webrtc-unavailable'), { timeoutMs: 20_000, message: 'webrtc-unavailable' });
      expect(declined.kind === 'text' && declined.message).toEqual({ type: 'webrtc-unavailable', reason: 'B_FRAMES' });
      await live.next((e) => e.kind === 'fragment' && e.info.keyframe, { message: 'MSE after the decline' });
      await waitFor(() => openPeerCount() === 0, { message: 'the peer to close' });
      live.close();
    } finally {
      await app.inject({ method: 'DELETE', url: '/api/cameras/Bees', headers: bearer(admin) });
      await bees.close();
    }
  });

  it('losing cameras:access closes the socket (4403) and with it the peer connection', async () => {
    const { user, token } = await signedInUser(app, ['cameras:access']);
    const { live, rtp } = await webrtcViewer('Yard', token);
    await waitFor(() => rtp.packets.length > 0, { message: 'RTP' });
    const changed = await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['dashboard:access'] } });
    expect(changed.statusCode).toBe(200);
    expect((await live.closed).code).toBe(4403);
    await waitFor(() => openPeerCount() === 0, { timeoutMs: 1_000, message: 'the peer to close with the socket' });
  });

  it('binds ICE to webrtc.bindAddress and a port from webrtc.portRange', async () => {
    await setWebrtc({ active: true, bindAddress: '127.0.0.1', portRange: { min: 47_100, max: 47_120 } });
    const { live } = await webrtcViewer();
    const answered = await live.next(isText('webrtc-answer'), { message: 'the answer' });
    const sdp = answered.kind === 'text' && answered.message.type === 'webrtc-answer' ? answered.message.sdp : '';
    const candidates = [...sdp.matchAll(/a=candidate:\S+ 1 UDP \d+ (\S+) (\d+) typ host/g)].map((m) => [m[1], Number(m[2])] as const);
    expect(candidates.length).toBeGreaterThan(0);
    for (const [address, port] of candidates) {
      expect(address).toBe('127.0.0.1');
      expect(port).toBeGreaterThanOrEqual(47_100);
      expect(port).toBeLessThanOrEqual(47_120);
    }
  });

  it('keeps the peer through a camera outage: offline state, then frames from a keyframe again', async () => {
    const { live, rtp } = await webrtcViewer();
    await live.next(isText('webrtc-answer'), { message: 'the answer' });
    await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(5)), { timeoutMs: 20_000, message: 'a keyframe' });
    try {
      await camera.stop();
      await live.next((e) => e.kind === 'text' && e.message.type === 'state' && e.message.state === 'offline', { timeoutMs: 20_000, message: 'offline' });
      const before = rtp.packets.length;
      await camera.start();
      await waitFor(() => rtp.packets.slice(before).some((p) => p.nalTypes.includes(7)), { timeoutMs: 30_000, message: 'SPS after the outage' });
      expect(openPeerCount()).toBe(1);
      expect(live.texts().some((m) => m.type === 'webrtc-unavailable' || m.type === 'init')).toBe(false);
    } finally {
      if (!camera.running) await camera.start();
    }
  });

  it('checks the viewer limit before answering: of 10 parallel offers only maxStreams get an answer and a peer (N12)', async () => {
    await app.homecam.cameras.update('Yard', { videoConfig: { maxStreams: 2 } });
    try {
      const peersBefore = createdPeerCount();
      const sessions = await Promise.all(Array.from({ length: 10 }, () => webrtcViewer()));
      const outcomes = await Promise.all(
        sessions.map(({ live }) =>
          Promise.race([
            live.next(isText('webrtc-answer'), { timeoutMs: 20_000 }).then(() => 'answer', () => 'nothing'),
            live.closed.then(({ code }) => (code === 4429 ? 'refused' : `closed ${code}`)),
          ]),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'answer')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(8);
      expect(createdPeerCount() - peersBefore).toBe(2);
      for (const { live } of sessions.filter((_, index) => outcomes[index] === 'refused')) {
        expect(live.texts().map((message) => message.type)).not.toContain('webrtc-answer');
        expect(live.texts().at(-1)).toMatchObject({ type: 'error', code: 'MAX_STREAMS_REACHED' });
      }
    } finally {
      await app.homecam.cameras.update('Yard', { videoConfig: { maxStreams: null } });
    }
  });
});
