import type { RecvPeer, RecvTrack } from './recv-peer';

export { webrtcSupported } from './recv-peer';

/** Why the player left WebRTC by itself (the server's reasons come as `webrtc-unavailable`). */
export type WebrtcClientFailure = 'ICE_FAILED' | 'NO_FRAME';

export interface WebrtcLinkHooks {
  /** The first frame was decoded and shown. */
  onPlaying: () => void;
  /** ICE failed or no frame came in time: the caller tells the server (`webrtc-fallback`) and plays MSE. */
  onFailed: (reason: WebrtcClientFailure) => void;
  /** The server sends the camera's sound (an Opus track): the mute button has something to unmute. */
  onAudio?: () => void;
}

/** Frames must show within this long after the answer (or after the camera started streaming). */
export const WEBRTC_FRAME_TIMEOUT_MS = 3_000;

type FrameCallbackVideo = HTMLVideoElement & { requestVideoFrameCallback?: (callback: () => void) => number };

/**
 * A WebRTC picture in a <video>: the peer's H.264 stream (recv-peer.ts, which signals over the live socket, see
 * live-link.ts) plays in the element. Watches for the first decoded frame and for ICE failure, so the player can
 * fall back to MSE by itself. The peer may have started before the player existed; its tracks so far come at once.
 */
export class WebrtcLink {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private playing = false;
  private closed = false;
  /** The sound when it came before the picture's stream was on the <video>. */
  private pendingAudio: MediaStreamTrack | null = null;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly peer: RecvPeer,
    private readonly hooks: WebrtcLinkHooks,
  ) {
    peer.onTrack((track) => this.onTrack(track));
    peer.onFailed(() => this.fail('ICE_FAILED'));
    // An answer that came before this player: the frame has its full time from now on.
    if (peer.answered) this.armFrameTimer();
  }

  /** The answer arrived (the peer applies it): frames must show within the frame time-out. */
  answered(): void {
    this.armFrameTimer();
  }

  /** The camera (re)started streaming: give it the full time for its first frame. */
  armFrameTimer(): void {
    if (this.closed || this.playing) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail('NO_FRAME'), WEBRTC_FRAME_TIMEOUT_MS);
  }

  /** After a pause: the server sends the buffered GOP again; show it. */
  resume(): void {
    if (!this.closed) this.video.play().catch(() => undefined);
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.peer.close();
    if (this.video.srcObject) this.video.srcObject = null;
  }

  private onTrack({ track, streams }: RecvTrack): void {
    if (this.closed) return;
    if (track.kind === 'audio') return this.addAudio(track);
    const stream = streams[0] ?? new MediaStream([track]);
    // The early picture may show this stream already (early-picture.ts): setting it again would reload the element.
    if (this.video.srcObject !== stream) this.video.srcObject = stream;
    if (this.pendingAudio) this.addAudio(this.pendingAudio);
    this.video.play().catch(() => undefined);
    this.watchFrames();
  }

  /**
   * The sound plays in the picture's <video> (one element: mute, fullscreen and pause act on both). It comes in its
   * own stream, so the browser does not delay the picture to line it up: both are sent as they come (see README).
   */
  private addAudio(track: MediaStreamTrack): void {
    const stream = this.video.srcObject as MediaStream | null;
    if (typeof stream?.addTrack !== 'function') {
      this.pendingAudio = track;
      return;
    }
    this.pendingAudio = null;
    if (!stream.getTracks().includes(track)) stream.addTrack(track);
    this.hooks.onAudio?.();
  }

  private watchFrames(): void {
    const video = this.video as FrameCallbackVideo;
    const shown = (): void => {
      if (this.closed || this.playing) return;
      this.playing = true;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.hooks.onPlaying();
    };
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(shown);
    else video.addEventListener('playing', shown, { once: true });
  }

  /** A lost connection also ends WebRTC after it played; a late frame only before. */
  private fail(reason: WebrtcClientFailure): void {
    if (this.closed || (this.playing && reason === 'NO_FRAME')) return;
    this.dispose();
    this.hooks.onFailed(reason);
  }
}
