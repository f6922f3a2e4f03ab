import type Hls from 'hls.js';
import { coveredRange, covers, mediaAt, playlistWindow, wallAt, type ClockSegment, type PlaybackRate } from '../../lib/footage-clock';
import { createStore } from '../../lib/create-store';
import { playlistUrl } from '../timeline-api';
import { createHls, loadHls, type FootageErrorCode } from './hls-source';

export type { PlaybackRate } from '../../lib/footage-clock';

/**
 * idle: nothing asked yet; loading: a playlist or a seek is on its way; playing/paused; ended: the footage ran out
 * (nothing newer yet); noFootage: nothing recorded at or after the instant asked for; error: see `error`.
 */
export type FootageStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'noFootage' | 'error';

export interface FootageState {
  status: FootageStatus;
  /** Wall clock (epoch ms) of the picture shown; null before anything was asked. */
  position: number | null;
  rate: PlaybackRate;
  error: FootageErrorCode | null;
  /** Wall-clock range the loaded playlist holds (seeks inside it need no new playlist). */
  covered: { start: number; end: number } | null;
}

export interface FootagePlayerOptions {
  camera: string;
  getToken: () => string | null;
  now?: () => number;
  loadHls?: () => Promise<typeof Hls>;
}

const INITIAL: FootageState = { status: 'idle', position: null, rate: 1, error: null, covered: null };
/** Footage that ended longer ago than this has newer footage to go on with: load the next playlist. */
const CONTINUE_AFTER_MS = 15_000;
const DEFAULT_FRAME_SECONDS = 1 / 25;

/**
 * Recorded footage of one camera in one <video>, played from any instant as HLS VOD through hls.js: a playlist
 * around the instant is loaded, seeks inside it only move currentTime, seeks outside load the next one; at the
 * end of a playlist the next one continues. Media time and wall clock are mapped per segment (lib/footage-clock).
 */
export class FootagePlayer {
  private readonly store = createStore<FootageState>(INITIAL);
  private video: HTMLVideoElement | null = null;
  private hls: Hls | null = null;
  private segments: ClockSegment[] = [];
  /** The instant to show once the playlist being loaded is in. */
  private pending: number | null = null;
  private wantPlay = true;
  /** Each load gets a number: an answer for an older one is dropped. */
  private generation = 0;
  /** A playFrom() that came before the <video> was there: run once it is attached. */
  private queued: { at: number; play: boolean } | null = null;
  private frameSeconds = DEFAULT_FRAME_SECONDS;
  private lastFrame: { mediaTime: number; frames: number } | null = null;

  constructor(private readonly options: FootagePlayerOptions) {}

  readonly getState = this.store.getSnapshot;
  readonly subscribe = this.store.subscribe;

  private set(patch: Partial<FootageState>): void {
    this.store.set({ ...this.store.getSnapshot(), ...patch });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  attach(video: HTMLVideoElement): void {
    this.detach();
    this.video = video;
    for (const [event, handler] of this.videoHandlers) video.addEventListener(event, handler);
    this.watchFrames();
    const queued = this.queued;
    this.queued = null;
    if (queued) void this.playFrom(queued.at, queued.play);
  }

  detach(): void {
    this.generation += 1;
    this.hls?.destroy();
    this.hls = null;
    this.segments = [];
    const video = this.video;
    if (video) for (const [event, handler] of this.videoHandlers) video.removeEventListener(event, handler);
    this.video = null;
    this.store.set({ ...INITIAL, rate: this.store.getSnapshot().rate });
  }

  /** Shows (and, with `play`, plays) the footage at wall-clock `at`; in a gap, from the next footage. */
  async playFrom(at: number, play = true): Promise<void> {
    const video = this.video;
    if (!video) {
      this.queued = { at, play };
      return;
    }
    this.wantPlay = play;
    if (this.hls && covers(this.segments, at)) {
      this.seekInside(video, at);
      return;
    }
    const generation = ++this.generation;
    this.set({ status: 'loading', position: at, error: null });
    let hls: Hls | null;
    try {
      hls = await this.ensureHls(video);
    } catch {
      hls = null;
    }
    if (generation !== this.generation) return;
    if (!hls) return this.fail('unsupported');
    const window = playlistWindow(at, this.now());
    this.pending = at;
    this.segments = [];
    hls.loadSource(playlistUrl(this.options.camera, window.from, window.to));
  }

  togglePlay(): void {
    const video = this.video;
    if (!video) return;
    if (video.paused) {
      this.wantPlay = true;
      void video.play().catch(() => undefined);
    } else {
      this.wantPlay = false;
      video.pause();
    }
  }

  setRate(rate: PlaybackRate): void {
    if (this.video) this.video.playbackRate = this.video.defaultPlaybackRate = rate;
    this.set({ rate });
  }

  /** One frame forward or back, paused (the frame length is learnt from the frames played). */
  stepFrame(direction: 1 | -1): void {
    const video = this.video;
    if (!video || this.segments.length === 0) return;
    this.wantPlay = false;
    video.pause();
    video.currentTime = Math.max(0, video.currentTime + direction * this.frameSeconds);
  }

  private async ensureHls(video: HTMLVideoElement): Promise<Hls | null> {
    if (this.hls) return this.hls;
    const HlsClass = await (this.options.loadHls ?? loadHls)();
    if (!HlsClass.isSupported() || this.video !== video) return null;
    this.hls = createHls(HlsClass, video, this.options.getToken, {
      onSegments: (segments) => this.onSegments(segments),
      onError: (code) => this.fail(code),
    });
    return this.hls;
  }

  private onSegments(segments: ClockSegment[]): void {
    const at = this.pending;
    this.pending = null;
    this.segments = segments;
    const covered = coveredRange(segments);
    const position = at === null ? null : mediaAt(segments, at);
    if (!position || !this.hls || !this.video) {
      this.hls?.stopLoad();
      this.set({ status: 'noFootage', covered });
      return;
    }
    this.set({ covered, position: position.wall });
    this.hls.startLoad(position.media);
    this.video.currentTime = position.media;
    if (this.wantPlay) void this.video.play().catch(() => undefined);
  }

  private seekInside(video: HTMLVideoElement, at: number): void {
    const position = mediaAt(this.segments, at);
    if (!position) return;
    video.currentTime = position.media;
    this.set({ position: position.wall, status: 'loading', error: null });
    if (this.wantPlay) void video.play().catch(() => undefined);
    else video.pause();
  }

  private fail(code: FootageErrorCode): void {
    this.hls?.stopLoad();
    this.set({ status: 'error', error: code });
  }

  /** The wall clock of the picture shown, from the video's media time. */
  private readonly onTime = () => {
    const video = this.video;
    const wall = video ? wallAt(this.segments, video.currentTime) : null;
    if (wall !== null) this.set({ position: wall });
  };

  private readonly onEnded = () => {
    const covered = coveredRange(this.segments);
    if (covered && covered.end < this.now() - CONTINUE_AFTER_MS && this.wantPlay) void this.playFrom(covered.end + 1);
    else this.set({ status: 'ended' });
  };

  private readonly videoHandlers: [string, () => void][] = [
    ['timeupdate', this.onTime],
    ['seeked', this.onTime],
    ['seeking', () => this.set({ status: 'loading' })],
    ['waiting', () => this.set({ status: 'loading' })],
    ['playing', () => this.set({ status: 'playing' })],
    ['pause', () => this.video && !this.video.ended && this.store.getSnapshot().status !== 'error' && this.set({ status: 'paused' })],
    ['canplay', () => this.video?.paused && !this.wantPlay && this.set({ status: 'paused' })],
    ['ended', this.onEnded],
  ];

  /** Learns the frame length from consecutive presented frames (requestVideoFrameCallback, where the browser has it). */
  private watchFrames(): void {
    const video = this.video;
    if (!video || !('requestVideoFrameCallback' in video)) return;
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (this.video !== video) return;
      const last = this.lastFrame;
      const delta = last ? meta.mediaTime - last.mediaTime : 0;
      if (last && meta.presentedFrames - last.frames === 1 && delta > 0.005 && delta < 0.2) this.frameSeconds = delta;
      this.lastFrame = { mediaTime: meta.mediaTime, frames: meta.presentedFrames };
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }
}
