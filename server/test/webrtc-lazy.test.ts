import { waitFor } from '@homecam/tools';
import { readdirSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { libdatachannel } from '../src/webrtc/libdatachannel.js';
import { openPeerCount } from '../src/webrtc/peer.js';
import { addCamera } from './helpers/http.js';
import { closeAllLive, isText, openLive } from './helpers/live.js';
import { appForSuite } from './helpers/suite-app.js';
import { simulatorForSuite } from './helpers/suite-simulator.js';
import { openWebrtcViewer } from './helpers/webrtc.js';

/**
 * libdatachannel (node-datachannel) only while WebRTC is used: its threads (usrsctp's `SCTP timer` ticks ~100 times
 * a second, with no peer at all) cost an idle server ~0.25–0.45 % of a core. The server starts without the module,
 * an MSE viewer does not load it, the first WebRTC viewer starts it and it stops once the last one left. (Each test
 * file runs in its own process, so the threads seen here are this file's.)
 */
/** Names of this process's threads: libdatachannel's are 'SCTP timer', 'SCTP iterator', 'RTC poll', 'RTC worker'. */
const threadNames = (): string[] => readdirSync('/proc/self/task').map((task) => readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim());
const nativeWebrtcThreads = (): string[] => threadNames().filter((name) => name.startsWith('SCTP') || name.startsWith('RTC '));

/**
 * A full garbage collection now, then native allocations of every small size filled with non-zero bytes: memory the
 * collection freed is reused at once, as it was in the server whose cleanup() crashed on a collected track.
 */
async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve)); // native finalizers run after the collection
    for (let size = 32; size <= 512; size += 8) void Array.from({ length: 32 }, () => Buffer.alloc(size, 0xab));
  }
}

const yard = simulatorForSuite({ cameras: 1, names: ['yard'] });
const suite = appForSuite(
  { admin: ['admin'], viewer: ['cameras:access'] },
  { app: { media: { hub: { idleTimeoutMs: 1_000 } }, live: { authTimeoutMs: 2_000 } }, listen: true },
);

beforeAll(async () => {
  libdatachannel.lingerMs = 300;
  for (const [name, audio] of [['Yard', true], ['Quiet', false]] as const) {
    const payload = { name, videoConfig: { source: yard.camera.mainUrl, stimeout: 5, audio } };
    await addCamera(suite.app, suite.token.admin, payload);
  }
  await suite.app.homecam.config.patchSection('webrtc', { active: true, bindAddress: '127.0.0.1' });
});
afterAll(() => closeAllLive());

describe('libdatachannel on demand', () => {
  it('is neither loaded nor running in a started server, nor for an MSE viewer', async () => {
    const live = openLive(suite.url, 'Yard', { token: suite.token.viewer });
    await live.next((e) => e.kind === 'fragment', { timeoutMs: 20_000, message: 'MSE fragments' });
    expect(libdatachannel.state()).toEqual({ loaded: false, running: false, leases: 0 });
    expect(nativeWebrtcThreads()).toEqual([]);
    live.close();
  });

  // Rounds with every kind of track the server makes (H.264; Opus; a declined, inactive audio section), each peer
  // collected before libdatachannel is cleaned up: a track collected before its closed callback ran would stay in
  // node-datachannel's list as a dangling pointer, and cleanup() crashed the server on it (SIGSEGV).
  it('runs while a WebRTC viewer plays and stops with its threads once the last one left; a next viewer starts it again', async () => {
    const rounds = [{ camera: 'Yard', audio: false }, { camera: 'Yard', audio: true }, { camera: 'Quiet', audio: true }];
    for (const [round, { camera, audio }] of rounds.entries()) {
      const { live, rtp } = await openWebrtcViewer(suite.url, camera, suite.token.viewer, { audio });
      await live.next(isText('webrtc-answer'), { message: `the answer (round ${round})` });
      await waitFor(() => rtp.packets.some((p) => p.nalTypes.includes(5)), { timeoutMs: 20_000, message: `a keyframe over RTP (round ${round})` });
      // the server's peer holds the library, as the in-process test client does
      expect(libdatachannel.state()).toEqual({ loaded: true, running: true, leases: 2 });
      expect(nativeWebrtcThreads()).toContain('SCTP timer');
      live.close();
      await waitFor(() => openPeerCount() === 0, { message: 'the server to close its peer' });
      expect(libdatachannel.state().leases).toBe(1);
      rtp.close();
      await collectGarbage();
      await waitFor(() => !libdatachannel.state().running, { message: `libdatachannel to stop (round ${round})` });
      await waitFor(() => nativeWebrtcThreads().length === 0, { message: `its threads to end (round ${round}): ${nativeWebrtcThreads().join(', ')}` });
    }
  });

  it('a lease taken within the linger keeps it running; releasing twice counts once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await libdatachannel.acquire();
      first.release();
      first.release();
      expect(libdatachannel.state()).toEqual({ loaded: true, running: true, leases: 0 });
      const second = await libdatachannel.acquire();
      vi.advanceTimersByTime(libdatachannel.lingerMs * 2);
      expect(libdatachannel.state()).toEqual({ loaded: true, running: true, leases: 1 });
      second.release();
      vi.advanceTimersByTime(libdatachannel.lingerMs - 1);
      expect(libdatachannel.state().running).toBe(true);
      vi.advanceTimersByTime(1);
      expect(libdatachannel.state()).toEqual({ loaded: true, running: false, leases: 0 });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => nativeWebrtcThreads().length === 0, { message: 'its threads to end' });
  });
});
