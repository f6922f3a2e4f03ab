import type { CameraStreamName, LiveClientMessage } from '@homecam/shared';
import { liveSocketUrl } from './live-options';
import { RecvPeer } from './recv-peer';

export interface LiveLinkListener {
  /** Every text message, in order; `webrtc-answer` and `webrtc-candidate` were already given to the peer. */
  onText(text: string): void;
  onBinary(data: ArrayBuffer): void;
  /** The socket closed (by the server or the network; not by `close()`). */
  onClose(): void;
}

export interface LiveLinkOptions {
  camera: string;
  stream: CameraStreamName;
  /** WebRTC first (`?transport=webrtc` and an offer right behind the sign-in), else MSE only. */
  webrtc: boolean;
  getToken: () => string | null;
  location: Pick<Location, 'protocol' | 'host'>;
  createSocket?: (url: string) => WebSocket;
}

const OPEN = 1;

/** Reads `type` and `sdp`/`candidate`/`mid` of a signalling message without the app's schemas (checked later). */
function signalling(text: string): { type?: unknown; sdp?: unknown; candidate?: unknown; mid?: unknown } | null {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === 'object' && message !== null ? message : null;
  } catch {
    return null;
  }
}

/**
 * One live socket of a player: signs in with the first message, sends the WebRTC offer (when `webrtc`) right
 * behind it, hands the answer and the server's candidates to the peer at once, and keeps every message until a
 * listener takes them. So it can open before the page has a player (live-early.ts: while the app still loads, the
 * sign-in, the offer, ICE and DTLS go on) and be adopted by the player's LiveConnection later.
 */
export class LiveLink {
  readonly socket: WebSocket;
  readonly peer: RecvPeer | null;
  private listener: LiveLinkListener | null = null;
  private readonly held: (string | ArrayBuffer)[] = [];
  private closedByServer = false;
  /** Press to talk's answers (`talk` messages), for the talk button of the page (talk-control.ts). */
  onTalk: ((text: string) => void) | null = null;

  constructor(readonly options: LiveLinkOptions) {
    const { camera, stream, webrtc, location } = options;
    const url = liveSocketUrl(location, camera, stream, webrtc ? 'webrtc' : 'mse');
    // The socket before the peer: the first RTCPeerConnection of a page starts the browser's WebRTC stack (measured
    // 30–200 ms on a busy 2-core machine), while the socket's handshake with the server only needs the request out.
    const socket = options.createSocket ? options.createSocket(url) : new WebSocket(url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.peer = webrtc ? new RecvPeer() : null;
    socket.onopen = () => {
      const token = options.getToken();
      // Without a stored token the session cookie (sent with the upgrade) signs in.
      if (token) this.send({ type: 'auth', token });
      // The server keeps an offer that arrives while it still checks the sign-in; none means no WebRTC here. Asked
      // now, it carries the candidates gathered while the socket connected (without waiting for any).
      const peer = this.peer;
      void peer
        ?.offer()
        .then((sdp) => {
          if (!sdp) return;
          this.send({ type: 'webrtc-offer', sdp });
          peer.trickleTo((candidate, mid) => this.send({ type: 'webrtc-candidate', candidate, mid }));
        })
        .catch(() => undefined);
    };
    socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => this.onMessage(event.data);
    socket.onclose = () => {
      this.closedByServer = true;
      this.listener?.onClose();
    };
  }

  get open(): boolean {
    return !this.closedByServer && this.socket.readyState <= OPEN;
  }

  /** Takes the messages so far at once, then each new one. */
  listen(listener: LiveLinkListener): void {
    this.listener = listener;
    for (const data of this.held.splice(0)) this.deliver(data);
    if (this.closedByServer) listener.onClose();
  }

  send(message: LiveClientMessage): void {
    if (this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** A deliberate close: the listener hears nothing more. The peer is the caller's (WebrtcLink closes it). */
  close(): void {
    this.listener = null;
    const socket = this.socket;
    socket.onmessage = null;
    socket.onclose = null;
    // Closing a socket that is still connecting makes Chrome log an error: close it once it is open.
    if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000);
    else if (socket.readyState === OPEN) socket.close(1000);
  }

  private onMessage(data: string | ArrayBuffer): void {
    if (typeof data === 'string' && signalling(data)?.type === 'talk') return this.onTalk?.(data);
    if (typeof data === 'string' && this.peer) {
      const message = signalling(data);
      if (message?.type === 'webrtc-answer' && typeof message.sdp === 'string') {
        void this.peer.accept(message.sdp);
      } else if (message?.type === 'webrtc-candidate' && typeof message.candidate === 'string') {
        this.peer.addCandidate(message.candidate, typeof message.mid === 'string' ? message.mid : '0');
      }
    }
    if (this.listener) this.deliver(data);
    else this.held.push(data);
  }

  private deliver(data: string | ArrayBuffer): void {
    if (typeof data === 'string') this.listener?.onText(data);
    else this.listener?.onBinary(data);
  }
}
