import { parseLiveServerMessage, type LiveClientMessage } from '@homecam/shared';
import type { EarlyPicture } from './early-picture';
import { claimEarlyLive } from './live-early';
import { LiveLink } from './live-link';
import { reconnectDelayMs } from './live-policy';
import type { LiveConnectionOptions, PauseReason } from './live-options';
import { LiveTransport } from './live-transport';
import { initialPlayerState, playerTransition, type PlayerEvent, type PlayerState } from './player-machine';
import { webrtcSupported } from './recv-peer';
import { createStore } from '../../lib/create-store';

export { liveSocketUrl, type LiveConnectionOptions, type PauseReason } from './live-options';

const TICK_MS = 250;
/** No message at all for this long while connecting or playing: the connection is dead, open a new one. */
const STALL_MS = 15_000;

/**
 * The live socket behind one <video>: authenticates with the first message, hands the picture to the transport
 * (WebRTC or MSE, live-transport.ts), reconnects with backoff and when the socket stalls, pauses and resumes.
 * State changes follow `player-machine`; React reads them with useSyncExternalStore.
 */
export class LiveConnection {
  private readonly store = createStore<PlayerState>(initialPlayerState);
  private video: HTMLVideoElement | null = null;
  /** The live socket (with the WebRTC peer's signalling), opened here or early by live-early.ts. */
  private socket: LiveLink | null = null;
  /** The server answered something other than an error: control messages may go out. */
  private authenticated = false;
  private readonly pauses = new Set<PauseReason>();
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  private readonly transport = new LiveTransport({
    dispatch: (event) => this.dispatch(event),
    state: () => this.state,
    send: (message) => this.send(message),
    paused: () => this.pauses.size > 0,
    giveUp: () => this.closeSocket(),
    restart: () => this.restart(),
  });
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
    this.transport.closeMse();
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
    this.transport.forgetFallback();
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
      this.transport.resume();
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
    const webrtc = (this.options.webrtc ?? webrtcSupported()) && this.transport.webrtcAllowed;
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
    if (socket.peer) this.transport.openWebrtc(video, socket.peer);
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
        this.transport.append(data);
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
        if (this.video) this.transport.openMse(this.video, message.mimeType, message.transcoding, this.adopting);
        break;
      case 'state':
        this.authenticated = true;
        this.dispatch({ type: 'STREAM_STATE', state: message.state, reason: message.reason });
        if (message.state === 'streaming') this.transport.cameraStreaming();
        break;
      case 'webrtc-answer': // the socket gave it to the peer already (maybe before this player existed)
        this.authenticated = true;
        this.transport.webrtcAnswered();
        break;
      case 'webrtc-candidate':
      case 'talk': // the socket gives these to the peer and the talk button (talk-control.ts)
        break;
      case 'webrtc-unavailable':
        this.authenticated = true;
        this.transport.leaveWebrtc(message.reason, false);
        break;
      case 'error':
        this.dispatch({ type: 'ERROR', code: message.code });
        break;
    }
  }

  private readonly onFrame = () => {
    const video = this.video;
    if (!video || !this.transport.hasPicture || this.state.status === 'playing') return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !video.paused) this.dispatch({ type: 'FRAME' });
  };

  private readonly tick = () => {
    if (this.pauses.size > 0) return;
    this.transport.keepUp(this.video);
    const waiting = this.state.status === 'connecting' || this.state.status === 'playing';
    // Over WebRTC the socket is quiet while the picture plays: the peer connection's own state watches it.
    if (this.socket && !this.transport.onWebrtc && waiting && Date.now() - this.lastMessageAt > STALL_MS) this.restart();
  };

  /** The connection is dead (a stall, a decode error): a fresh one after the backoff. */
  private restart(): void {
    this.closeSocket();
    this.dispatch({ type: 'CLOSED' });
    this.scheduleReconnect();
  }

  private send(message: LiveClientMessage): void {
    this.socket?.send(message);
  }

  /** A deliberate close: no CLOSED event, no reconnect. */
  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    this.transport.closeWebrtc();
    socket?.close();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.reconnectTimer = null;
    this.tickTimer = null;
  }
}
