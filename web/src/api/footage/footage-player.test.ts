import type Hls from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { FootagePlayer } from './footage-player';

/**
 * hls.js's surface the player uses, recorded: what it loads and from where (hls.js itself, segments and MSE are
 * exercised in Chromium by e2e/tests/history.spec.ts).
 */
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = { LEVEL_LOADED: 'hlsLevelLoaded', ERROR: 'hlsError' };
  readonly handlers = new Map<string, (event: string, data: unknown) => void>();
  readonly sources: string[] = [];
  readonly starts: number[] = [];
  stops = 0;
  constructor(readonly config: { xhrSetup: (xhr: { setRequestHeader: (k: string, v: string) => void }) => void }) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, handler);
  }
  attachMedia() {}
  loadSource(url: string) {
    this.sources.push(url);
  }
  startLoad(position: number) {
    this.starts.push(position);
  }
  stopLoad() {
    this.stops += 1;
  }
  recoverMediaError() {}
  destroy() {}
  /** The playlist arrived with these segments. */
  level(fragments: { start: number; duration: number; programDateTime: number | null }[]) {
    this.handlers.get(FakeHls.Events.LEVEL_LOADED)?.('hlsLevelLoaded', { details: { fragments } });
  }
  error(data: Record<string, unknown>) {
    this.handlers.get(FakeHls.Events.ERROR)?.('hlsError', data);
  }
}

class FakeVideo extends EventTarget {
  currentTime = 0;
  paused = true;
  ended = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  play = vi.fn(() => {
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
}

const T = Date.UTC(2026, 10, 28, 10, 0, 0);
const MIN = 60_000;
/** Ten 4 s segments from T, a 60 s outage after the fifth. */
const fragments = Array.from({ length: 10 }, (_, i) => ({ start: i * 4, duration: 4, programDateTime: T + i * 4_000 + (i >= 5 ? 60_000 : 0) }));

function setup(now = T + 10 * MIN) {
  FakeHls.instances = [];
  const player = new FootagePlayer({ camera: 'Yard gate', getToken: () => 'tok', now: () => now, loadHls: () => Promise.resolve(FakeHls as unknown as typeof Hls) });
  const video = new FakeVideo();
  return { player, video, attach: () => player.attach(video as unknown as HTMLVideoElement), hls: () => FakeHls.instances[0]! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FootagePlayer', () => {
  it('waits for its <video>, then loads the playlist around the instant with the bearer token', async () => {
    const { player, attach, hls } = setup();
    void player.playFrom(T + 10_000);
    attach();
    await settle();
    const url = new URL(hls().sources[0]!, 'http://x');
    expect(url.pathname).toBe('/api/cameras/Yard%20gate/recording/playlist.m3u8');
    expect(Number(url.searchParams.get('from'))).toBe(T + 10_000 - 30 * MIN);
    expect(Number(url.searchParams.get('to'))).toBe(T + 10 * MIN);
    const headers: Record<string, string> = {};
    hls().config.xhrSetup({ setRequestHeader: (k, v) => (headers[k] = v) });
    expect(headers).toEqual({ Authorization: 'Bearer tok' });
    expect(player.getState().status).toBe('loading');
  });

  it('starts at the instant’s media time; a seek inside the playlist only moves currentTime', async () => {
    const { player, video, attach, hls } = setup();
    attach();
    await player.playFrom(T + 10_000);
    hls().level(fragments);
    expect(hls().starts).toEqual([10]);
    expect(video.currentTime).toBe(10);
    expect(video.play).toHaveBeenCalled();
    expect(player.getState()).toMatchObject({ position: T + 10_000, covered: { start: T, end: T + 100_000 } });
    // after the outage: media time runs on, the wall clock jumped
    await player.playFrom(T + 85_000);
    expect(hls().sources).toHaveLength(1);
    expect(video.currentTime).toBe(25);
    video.dispatchEvent(new Event('timeupdate'));
    expect(player.getState().position).toBe(T + 85_000);
    // an instant inside the outage plays from the footage after it
    await player.playFrom(T + 30_000);
    expect(video.currentTime).toBe(20);
    expect(player.getState().position).toBe(T + 80_000);
  });

  it('loads a new playlist for an instant outside the one loaded', async () => {
    const { player, attach, hls } = setup(T + 5 * 3_600_000);
    attach();
    await player.playFrom(T + 10_000);
    hls().level(fragments);
    await player.playFrom(T + 3 * 3_600_000);
    expect(hls().sources).toHaveLength(2);
    expect(player.getState().status).toBe('loading');
  });

  it('says there is no footage when the playlist is empty', async () => {
    const { player, attach, hls } = setup();
    attach();
    await player.playFrom(T);
    hls().error({ details: 'levelEmptyError', fatal: true, type: 'networkError' });
    expect(player.getState().status).toBe('noFootage');
  });

  it('goes on with the next playlist at the end of one that ends before now, and stops at the newest footage', async () => {
    const { player, video, attach, hls } = setup(T + 5 * 3_600_000);
    attach();
    await player.playFrom(T + 10_000);
    hls().level(fragments);
    video.dispatchEvent(new Event('ended'));
    await settle();
    expect(hls().sources).toHaveLength(2);
    expect(Number(new URL(hls().sources[1]!, 'http://x').searchParams.get('from'))).toBe(T + 100_001 - 30 * MIN);

    const recent = setup(T + 100_000 + 5_000);
    recent.attach();
    await recent.player.playFrom(T + 10_000);
    recent.hls().level(fragments);
    recent.video.dispatchEvent(new Event('ended'));
    expect(recent.player.getState().status).toBe('ended');
    expect(recent.hls().sources).toHaveLength(1);
  });

  it('steps a frame paused, sets the speed, and names fatal errors', async () => {
    const { player, video, attach, hls } = setup();
    attach();
    await player.playFrom(T + 10_000);
    hls().level(fragments);
    player.stepFrame(-1);
    expect(video.pause).toHaveBeenCalled();
    expect(video.currentTime).toBeCloseTo(10 - 1 / 25, 6);
    player.setRate(8);
    expect(video.playbackRate).toBe(8);
    expect(player.getState().rate).toBe(8);
    hls().error({ fatal: true, type: 'networkError', details: 'fragLoadError', response: { code: 403 } });
    expect(player.getState()).toMatchObject({ status: 'error', error: 'forbidden' });
  });
});
