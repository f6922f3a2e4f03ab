import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { activeAudioTranscoders } from '../src/webrtc/audio/transcoder.js';
import { openPeerCount } from '../src/webrtc/peer.js';
import type { RtpClient } from '../src/webrtc/test-support/rtp-client.js';
import { addCamera } from './helpers/http.js';
import { running } from './helpers/processes.js';
import { closeAllLive, isText, type LiveClient } from './helpers/live.js';
import { createTestApp, listen } from './helpers/test-app.js';
import { openWebrtcViewer } from './helpers/webrtc.js';
import { signedInUser } from './helpers/users.js';

/**
 * WebRTC audio end to end: the simulator's AAC tone comes out of the same hub stream as the picture, goes through
 * one real ffmpeg per camera (AAC → Opus) and reaches a Node WebRTC client (libdatachannel, loopback) that offers
 * recvonly video + Opus like a browser.
 */
let sim: CameraSimulator;
let app: HomecamApp;
let url: string;
let viewer: string;
const clients: RtpClient[] = [];
/** Transcoder pids seen during a test: every one must be gone afterwards. */
const pids = new Set<number>();

const transcoders = () => activeAudioTranscoders(app.homecam.streams);
const watchPids = (): void => {
  for (const t of transcoders()) if (t.pid) pids.add(t.pid);
};

async function webrtcViewer(camera: string): Promise<{ live: LiveClient; rtp: RtpClient; answer: string }> {
  const { live, rtp } = await openWebrtcViewer(url, camera, viewer, { audio: true });
  clients.push(rtp);
  const answered = await live.next(isText('webrtc-answer'), { message: 'the answer' });
  const answer = answered.kind === 'text' && answered.message.type === 'webrtc-answer' ? answered.message.sdp : '';
  return { live, rtp, answer };
}

/** The answer's audio section. */
const audioSection = (sdp: string): string => /m=audio[\s\S]*?(?=\r?\nm=|$)/.exec(sdp)?.[0] ?? '';

/** Opus at 20 ms: consecutive packets 960 ticks apart at 48 kHz. */
function expectOpusTimeline(packets: RtpClient['audio']): void {
  expect(packets.every((p) => p.payloadType === 111)).toBe(true);
  const deltas = packets.slice(1).map((p, i) => (p.timestamp - packets[i]!.timestamp) >>> 0);
  expect(deltas.every((d) => d > 0 && d < 48_000 * 5)).toBe(true);
  expect(deltas.filter((d) => d === 960).length).toBeGreaterThan(deltas.length * 0.8);
}

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'] });
  const camera = sim.cameras[0]!;
  app = await createTestApp({ media: { hub: { idleTimeoutMs: 1_000 } }, live: { authTimeoutMs: 2_000 } });
  url = await listen(app);
  const admin = (await signedInUser(app, ['admin'])).token;
  viewer = (await signedInUser(app, ['cameras:access'])).token;
  for (const [name, audio] of [['Yard', true], ['Quiet', false]] as const) {
    await addCamera(app, admin, { name, videoConfig: { source: camera.mainUrl, stimeout: 5, audio } });
  }
  await app.homecam.config.patchSection('webrtc', { active: true, bindAddress: '127.0.0.1' });
});

afterEach(async () => {
  closeAllLive();
  for (const client of clients.splice(0)) client.close();
  await waitFor(() => openPeerCount() === 0, { message: 'no peer to outlive its viewer' });
  await waitFor(() => transcoders().length === 0, { message: 'the audio transcoder to stop with its last viewer' });
  await waitFor(() => [...pids].every((pid) => !running(pid)), { message: 'no transcoder ffmpeg left behind' });
  pids.clear();
});

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

describe('WebRTC audio', () => {
  it('answers Opus and sends the camera sound as Opus RTP with advancing timestamps while the picture goes on', async () => {
    const { rtp, answer } = await webrtcViewer('Yard');
    const audio = audioSection(answer);
    expect(audio).toMatch(/a=rtpmap:111 opus\/48000\/2/);
    expect(audio).toMatch(/a=sendonly/);
    await waitFor(() => rtp.audio.length >= 50, { timeoutMs: 20_000, message: '1 s of Opus packets' });
    watchPids();
    expectOpusTimeline(rtp.audio);
    const video = rtp.packets.length;
    const sound = rtp.audio.length;
    await waitFor(() => rtp.packets.length > video + 10 && rtp.audio.length > sound + 10, { message: 'picture and sound both going on' });
  });

  it('two viewers of a camera share one transcoder, which stops with the last of them', async () => {
    const first = await webrtcViewer('Yard');
    const second = await webrtcViewer('Yard');
    await waitFor(() => first.rtp.audio.length >= 10 && second.rtp.audio.length >= 10, { timeoutMs: 20_000, message: 'Opus at both viewers' });
    watchPids();
    expect(transcoders()).toHaveLength(1);
    first.live.close();
    await waitFor(() => openPeerCount() === 1, { message: 'the first peer to close' });
    const sound = second.rtp.audio.length;
    await waitFor(() => second.rtp.audio.length > sound + 10, { message: 'sound for the one left' });
    expect(transcoders()).toHaveLength(1);
  });

  it('a camera with videoConfig.audio false answers video only and starts no transcoder', async () => {
    const { rtp, answer } = await webrtcViewer('Quiet');
    expect(audioSection(answer)).toMatch(/a=inactive/);
    expect(audioSection(answer)).not.toMatch(/a=sendonly/);
    await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(5)), { timeoutMs: 20_000, message: 'a keyframe' });
    const video = rtp.packets.length;
    await waitFor(() => rtp.packets.length > video + 20, { message: 'more video' });
    expect(rtp.audio).toEqual([]);
    expect(transcoders()).toHaveLength(0);
  });

  it('a killed transcoder leaves the picture running, and the sound comes back', { timeout: 60_000 }, async () => {
    const { rtp } = await webrtcViewer('Yard');
    await waitFor(() => rtp.audio.length >= 10 && transcoders()[0]?.pid !== undefined, { timeoutMs: 20_000, message: 'Opus' });
    const pid = transcoders()[0]!.pid!;
    pids.add(pid);
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !running(pid), { message: 'the transcoder to die' });
    const video = rtp.packets.length;
    await waitFor(() => rtp.packets.length > video + 20, { message: 'the picture to go on' });
    expect(rtp.state()).toBe('connected');
    const sound = rtp.audio.length;
    await waitFor(() => rtp.audio.length > sound + 10, { timeoutMs: 15_000, message: 'the sound after the restart' });
    watchPids();
    const after = rtp.audio.slice(sound);
    expectOpusTimeline(after);
  });
});
