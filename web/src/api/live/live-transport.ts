import type { LiveClientMessage } from '@homecam/shared';
import type { EarlyPicture } from './early-picture';
import { MediaSink, mediaSourceClass, mseSupportError, type MediaSinkHooks } from './media-sink';
import type { PlayerEvent, PlayerState } from './player-machine';
import type { RecvPeer } from './recv-peer';
import { WebrtcLink } from './webrtc-link';

/** What the transport needs of the player around it (live-connection.ts). */
export interface LiveTransportHooks {
  dispatch: (event: PlayerEvent) => void;
  state: () => PlayerState;
  /** A control message on the live socket (`webrtc-fallback`). */
  send: (message: LiveClientMessage) => void;
  /** While paused the live edge is not chased: the picture stays where it stopped. */
  paused: () => boolean;
  /** This browser cannot play the stream over MSE (the error is shown already): close the socket for good. */
  giveUp: () => void;
  /** The picture broke while playing (the error is shown already): a fresh connection, with a fresh MediaSource. */
  restart: () => void;
}

/**
 * What carries the picture into the <video>: the live socket's WebRTC peer (WebrtcLink) while it is tried or
 * plays, else Media Source Extensions (MediaSink) fed with the socket's fragments. Leaving WebRTC is remembered,
 * so later reconnects of this player go straight to MSE until the reload button.
 */
export class LiveTransport {
  /** The WebRTC picture while it is tried or plays; null on MSE. */
  private link: WebrtcLink | null = null;
  private sink: MediaSink | null = null;
  /** Why WebRTC was left on this player. */
  private fallback: string | null = null;

  constructor(private readonly hooks: LiveTransportHooks) {}

  /** WebRTC is worth asking the server for: this player has not left it since the last reload. */
  get webrtcAllowed(): boolean {
    return this.fallback === null;
  }

  /** The reload button: try WebRTC again. */
  forgetFallback(): void {
    this.fallback = null;
  }

  /** WebRTC is tried or plays: the socket is quiet while the picture plays (the peer connection watches itself). */
  get onWebrtc(): boolean {
    return this.link !== null;
  }

  get hasPicture(): boolean {
    return this.link !== null || this.sink !== null;
  }

  /** The WebRTC picture of the socket's peer in the <video>. */
  openWebrtc(video: HTMLVideoElement, peer: RecvPeer): void {
    const link = new WebrtcLink(video, peer, {
      onPlaying: () => {
        this.hooks.dispatch({ type: 'TRANSPORT', transport: 'webrtc', fallback: null });
        this.hooks.dispatch({ type: 'FRAME' });
      },
      onFailed: (reason) => void (this.link === link && this.leaveWebrtc(reason, true)),
      onAudio: () => this.hooks.dispatch({ type: 'AUDIO' }),
    });
    this.link = link;
  }

  /** The server's answer reached the peer: frames must follow in time. */
  webrtcAnswered(): void {
    this.link?.answered();
  }

  /** The camera streams (again): frames must follow in time. */
  cameraStreaming(): void {
    this.link?.armFrameTimer();
  }

  /** After a pause: the WebRTC <video> plays again (MSE resumes with the server's fragments). */
  resume(): void {
    this.link?.resume();
  }

  /** MSE from now on, on the same socket: the server declined (`tell` false) or the player gave up. */
  leaveWebrtc(reason: string, tell: boolean): void {
    this.closeWebrtc();
    this.fallback = reason;
    if (tell) this.hooks.send({ type: 'webrtc-fallback' });
    this.hooks.dispatch({ type: 'TRANSPORT', transport: 'mse', fallback: reason });
  }

  /** The socket goes: its peer's picture goes with it. */
  closeWebrtc(): void {
    this.link?.dispose();
    this.link = null;
  }

  /** The server's init segment: MSE plays from here, in the early picture's MediaSink when one is being adopted. */
  openMse(video: HTMLVideoElement, mimeType: string, transcoding: boolean, adopting: EarlyPicture | null): void {
    if (this.link) this.leaveWebrtc('NEGOTIATION', false);
    if (this.hooks.state().transport !== 'mse') this.hooks.dispatch({ type: 'TRANSPORT', transport: 'mse', fallback: this.fallback });
    this.closeMse();
    const Source = mediaSourceClass();
    const code = mseSupportError(Source, mimeType);
    if (code || !Source) {
      this.hooks.dispatch({ type: 'ERROR', code: code ?? 'MSE_UNSUPPORTED' });
      this.hooks.giveUp();
      return;
    }
    this.hooks.dispatch({ type: 'INIT', mimeType, transcoding });
    const hooks: MediaSinkHooks = {
      onUpdated: () => this.followLiveEdge(),
      onError: () => {
        // A decode problem: start over with a fresh connection (and a fresh MediaSource).
        if (this.sink !== sink) return;
        this.hooks.dispatch({ type: 'ERROR', code: 'PLAYBACK_FAILED' });
        this.hooks.restart();
      },
    };
    const sink = adopting?.takeSink(mimeType, hooks) ?? new MediaSink(video, Source, mimeType, hooks);
    this.sink = sink;
  }

  /** A media fragment from the socket. */
  append(data: ArrayBuffer): void {
    this.sink?.append(data);
  }

  closeMse(): void {
    this.sink?.dispose();
    this.sink = null;
  }

  /** Every tick while not paused: stay near the live edge, keep the buffer short, and keep a WebRTC <video> playing. */
  keepUp(video: HTMLVideoElement | null): void {
    this.followLiveEdge();
    this.sink?.trim();
    if (this.link && video?.paused) this.link.resume();
  }

  private followLiveEdge(): void {
    if (!this.hooks.paused()) this.sink?.followLiveEdge();
  }
}
