import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { rtpClient, type RtpClient } from '../src/webrtc/test-support/rtp-client.js';
import { closeAllLive, isText, openLive, type LiveClient } from './helpers/live.js';
import { createTestApp, listen } from './helpers/test-app.js';
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
const clients: RtpClient[] = [];

const viewers = async (): Promise<number> =>
  (await app.inject({ url: '/api/cameras/Yard/status', headers: bearer(viewer) })).json<{ viewers: number }>().viewers;

async function setWebrtc(settings: Record<string, unknown>): Promise<void> {
  await app.homecam.config.patchSection('webrtc', settings);
}

/** Opens the live socket with `?transport=webrtc` and sends the offer right behind the auth message. */
async function webrtcViewer(): Promise<{ live: LiveClient; rtp: RtpClient }> {
  const rtp = rtpClient();
  clients.push(rtp);
  const offer = await rtp.offer();
  const live = openLive(url, 'Yard', { token: viewer, transport: 'webrtc' });
  await live.opened;
  live.send({ type: 'webrtc-offer', sdp: offer });
  return { live, rtp };
}

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'] });
  camera = sim.cameras[0]!;
  app = await createTestApp({ media: { hub: { idleTimeoutMs: 1_000 } }, live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  const admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  const created = await app.inject({
    method: 'POST',
    url: '/api/cameras',
    headers: bearer(admin),
    payload: { name: 'Yard', videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 } },
  });
  expect(created.statusCode).toBe(201);
});

afterEach(async () => {
  closeAllLive();
  for (const client of clients.splice(0)) client.close();
  await waitFor(async () => (await viewers()) === 0, { message: 'the viewers to leave' });
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
    rtp.accept(sdp);
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
});
