import { parseLiveServerMessage, type LiveClientMessage } from '@homecam/shared';
import type { EarlyPicture } from './early-picture';
import { claimEarlyLive } from './live-early';
import { LiveLink } from './live-link';
import { reconnectDelayMs } from './live-policy';
import type { LiveConnectionOptions, PauseReason } from './live-options';
import { MediaSink, mediaSourceClass, mseSupportError, type MediaSinkHooks } from './media-sink';
import { initialPlayerState, playerTransition, type PlayerEvent, type PlayerState } from './player-machine';
import { webrtcSupported, type RecvPeer } from './recv-peer';
import { WebrtcLink } from './webrtc-link';
import { createStore } from '../../lib/create-store';

export { liveSocketUrl, type LiveConnectionOptions, type PauseReason } from './live-options';

const TICK_MS = 250;
/** No message at all for this long while connecting or playing: the connection is dead, open a new one. */
const STALL_MS = 15_000;

/**
 * The live socket and Media Source Extensions behind one <video>: authenticates with the first message,
 * appends the init segment and fragments (MediaSink), keeps near the live edge, reconnects with backoff,
 * pauses and resumes. State changes follow `player-machine`; React reads them with useSyncExternalStore.
 */
export class LiveConnection {
  private readonly store = createStore<PlayerState>(initialPlayerState);
  private video: HTMLVideoElement | null = null;
  /** The live socket (with the WebRTC peer's signalling), opened here or early by live-early.ts. */
  private socket: LiveLink | null = null;
  /** The server answered something other than an error: control messages may go out. */
  private authenticated = false;
  private sink: MediaSink | null = null;
  private readonly pauses = new Set<PauseReason>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  /** The WebRTC picture while it is tried or plays; null on MSE. */
  private link: WebrtcLink | null = null;
  /** Why WebRTC was left on this player: later reconnects go straight to MSE (reload tries again). */
  private webrtcFallback: string | null = null;
  /** The early picture whose messages are being gone through: its MediaSink is taken instead of a new one. */
  private adopting: EarlyPicture | null = null;

  constructor(private readonly options: LiveConnectionOptions) {}

  readonly getState = this.store.getSnapshot;
  readonly subscribe = this.store.subscribe;
  /** The live socket now (press to talk: its messages, its peer's microphone track); null between sockets. */
  readonly liveLink = (): LiveLink | null => this.socket;

  private get state(): PlayerState {
    return this.store.getSnapshot();
  }

  /** Starts playing into `video`; stop() and start() again is fine (React's strict mode does it). */
  start(video: HTMLVideoElement): void {
    this.stop();
    this.video = video;
    video.addEventListener('playing', this.onFrame);
    video.addEventListener('timeupdate', this.onFrame);
    this.tickTimer = setInterval(this.tick, TICK_MS);
    this.store.set(initialPlayerState);
    if (this.pauses.size > 0) this.dispatch({ type: 'PAUSE' });
    else this.connect();
  }

  stop(): void {
    this.closeSocket();
    this.clearTimers();
    this.sink?.dispose();
    this.sink = null;
    if (this.video) {
      this.video.removeEventListener('playing', this.onFrame);
      this.video.removeEventListener('timeupdate', this.onFrame);
      this.video.removeAttribute('src');
      this.video.load();
    }
    this.video = null;
  }

  /** The reload button: a fresh connection, whatever happened before. */
  reload(): void {
    const video = this.video;
    this.pauses.delete('user');
    this.webrtcFallback = null;
    if (video) this.start(video);
  }

  /** Hidden tab, off-screen tile or the pause button: the server stops sending until all are gone. */
  setPaused(reason: PauseReason, paused: boolean): void {
    const wasPaused = this.pauses.size > 0;
    if (paused) this.pauses.add(reason);
    else this.pauses.delete(reason);
    const isPaused = this.pauses.size > 0;
    if (!this.video || wasPaused === isPaused) return;
    if (isPaused) {
      this.video.pause();
      this.dispatch({ type: 'PAUSE' });
      // Before the server accepted the sign-in only `auth` may be sent: then the socket simply closes.
      if (this.authenticated) this.send({ type: 'pause' });
      else this.closeSocket();
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    } else {
      this.dispatch({ type: 'RESUME' });
      this.link?.resume();
      if (this.socket && this.authenticated) this.send({ type: 'resume' });
      else this.connect();
    }
  }

  get paused(): boolean {
    return this.pauses.size > 0;
  }

  private dispatch(event: PlayerEvent): void {
    this.store.set(playerTransition(this.state, event));
  }

  private connect(): void {
    this.closeSocket();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const video = this.video;
    if (!video) return;
    const { camera, stream = 'main' } = this.options;
    const webrtc = (this.options.webrtc ?? webrtcSupported()) && this.webrtcFallback === null;
    // The page's first script may have opened this very socket while the app loaded (and may show its picture in
    // this very <video>): take it over, and go through its messages so far as if this player had listened from the start.
    const early = claimEarlyLive(camera, stream, webrtc, video);
    const socket =
      early?.link ??
      new LiveLink({ camera, stream, webrtc, getToken: this.options.getToken, location: this.options.location ?? window.location, createSocket: this.options.createSocket });
    this.socket = socket;
    this.authenticated = false;
    this.lastMessageAt = Date.now();
    this.dispatch({ type: 'CONNECT' });
    if (socket.peer) this.openLink(video, socket.peer);
    this.adopting = early?.picture ?? null;
    for (const text of this.adopting?.texts ?? []) this.onText(text);
    this.adopting = null;
    socket.listen({
      onText: (text) => {
        if (this.socket !== socket) return;
        this.lastMessageAt = Date.now();
        this.onText(text);
      },
      onBinary: (data) => {
        if (this.socket !== socket) return;
        this.lastMessageAt = Date.now();
        this.sink?.append(data);
      },
      onClose: () => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.authenticated = false;
        this.dispatch({ type: 'CLOSED' });
        this.scheduleReconnect();
      },
    });
  }

  private scheduleReconnect(): void {
    if (this.state.status !== 'reconnecting' || this.reconnectTimer || !this.video) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.state.status === 'reconnecting') this.connect();
    }, reconnectDelayMs(this.state.attempt - 1));
  }

  private onText(text: string): void {
    const message = parseLiveServerMessage(text);
    if (!message) {
      // A message this page does not know (a newer server, a proxy's page): keep playing, leave a trace.
      console.warn('[live] ignored an unknown message on the live socket', text.slice(0, 200));
      return;
    }
    switch (message.type) {
      case 'init':
        this.authenticated = true;
        this.openSink(message.mimeType, message.transcoding);
        break;
      case 'state':
        this.authenticated = true;
        this.dispatch({ type: 'STREAM_STATE', state: message.state, reason: message.reason });
        if (message.state === 'streaming') this.link?.armFrameTimer();
        break;
      case 'webrtc-answer': // the socket gave it to the peer already (maybe before this player existed)
        this.authenticated = true;
        this.link?.answered();
        break;
      case 'webrtc-candidate':
      case 'talk': // the socket gives these to the peer and the talk button (talk-control.ts)
        break;
      case 'webrtc-unavailable':
        this.authenticated = true;
        this.leaveWebrtc(message.reason, false);
        break;
      case 'error':
        this.dispatch({ type: 'ERROR', code: message.code });
        break;
    }
  }

  /** The WebRTC picture of the socket's peer in the <video>. */
  private openLink(video: HTMLVideoElement, peer: RecvPeer): void {
    const link = new WebrtcLink(video, peer, {
      onPlaying: () => {
        this.dispatch({ type: 'TRANSPORT', transport: 'webrtc', fallback: null });
        this.dispatch({ type: 'FRAME' });
      },
      onFailed: (reason) => void (this.link === link && this.leaveWebrtc(reason, true)),
      onAudio: () => this.dispatch({ type: 'AUDIO' }),
    });
    this.link = link;
  }

  /** MSE from now on, on the same socket: the server declined (`tell` false) or the player gave up. */
  private leaveWebrtc(reason: string, tell: boolean): void {
    this.link?.dispose();
    this.link = null;
    this.webrtcFallback = reason;
    if (tell) this.send({ type: 'webrtc-fallback' });
    this.dispatch({ type: 'TRANSPORT', transport: 'mse', fallback: reason });
  }

  private openSink(mimeType: string, transcoding: boolean): void {
    const video = this.video;
    if (!video) return;
    if (this.link) this.leaveWebrtc('NEGOTIATION', false);
    if (this.state.transport !== 'mse') this.dispatch({ type: 'TRANSPORT', transport: 'mse', fallback: this.webrtcFallback });
    this.sink?.dispose();
    this.sink = null;
    const Source = mediaSourceClass();
    const code = mseSupportError(Source, mimeType);
    if (code || !Source) {
      this.dispatch({ type: 'ERROR', code: code ?? 'MSE_UNSUPPORTED' });
      this.closeSocket();
      return;
    }
    this.dispatch({ type: 'INIT', mimeType, transcoding });
    const hooks: MediaSinkHooks = {
      onUpdated: () => this.followLiveEdge(),
      onError: () => {
        // A decode problem: start over with a fresh connection (and a fresh MediaSource).
        if (this.sink !== sink) return;
        this.dispatch({ type: 'ERROR', code: 'PLAYBACK_FAILED' });
        this.closeSocket();
        this.dispatch({ type: 'CLOSED' });
        this.scheduleReconnect();
      },
    };
    const sink = this.adopting?.takeSink(mimeType, hooks) ?? new MediaSink(video, Source, mimeType, hooks);
    this.sink = sink;
  }

  private readonly onFrame = () => {
    const video = this.video;
    if (!video || (!this.sink && !this.link) || this.state.status === 'playing') return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !video.paused) this.dispatch({ type: 'FRAME' });
  };

  private followLiveEdge(): void {
    if (this.pauses.size === 0) this.sink?.followLiveEdge();
  }

  private readonly tick = () => {
    if (this.pauses.size > 0) return;
    this.followLiveEdge();
    this.sink?.trim();
    if (this.link && this.video?.paused) this.link.resume();
    const waiting = this.state.status === 'connecting' || this.state.status === 'playing';
    // Over WebRTC the socket is quiet while the picture plays: the peer connection's own state watches it.
    if (this.socket && !this.link && waiting && Date.now() - this.lastMessageAt > STALL_MS) {
      this.closeSocket();
      this.dispatch({ type: 'CLOSED' });
      this.scheduleReconnect();
    }
  };

  private send(message: LiveClientMessage): void {
    this.socket?.send(message);
  }

  /** A deliberate close: no CLOSED event, no reconnect. */
  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    this.link?.dispose();
    this.link = null;
    socket?.close();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.reconnectTimer = null;
    this.tickTimer = null;
  }
}
