import { PeerConnection, RtcpReceivingSession, Video, type Track } from 'node-datachannel';
import WebSocket from 'ws';
import { closeLiveSocket, openLiveSocket } from './live-socket.js';
import { Waiters } from './waiters.js';

export interface WebrtcViewerTimes {
  /** ms from `new WebSocket()` to the open event. */
  connectMs: number;
  /** ms from open to the server's `webrtc-answer`. */
  answerMs: number | null;
  /** ms from open to the peer connection's `connected` state (ICE + DTLS done). */
  connectedMs: number | null;
  /** ms from open to the first RTP packet of the video track. */
  firstRtpMs: number | null;
}

/**
 * A WebRTC live viewer in Node (node-datachannel, the library the server uses), for server CPU per viewer without a
 * browser on the same 2 cores: the live WebSocket with `?transport=webrtc`, `auth`, then a recvonly H.264 offer
 * with its host candidates (realtime/live-messages.ts); answer and candidates come back on the socket, RTP over the peer connection. An RTCP
 * receiving session answers with receiver reports, as a browser does. Host candidates on 127.0.0.1 only.
 */
export class WebrtcViewer {
  readonly created = performance.now();
  openedAt: number | null = null;
  answerAt: number | null = null;
  connectedAt: number | null = null;
  firstRtpAt: number | null = null;
  bytes = 0;
  packets = 0;
  error: string | null = null;
  /** The server declined WebRTC (`webrtc-unavailable`): its reason; the socket then carries MSE. */
  unavailable: string | null = null;
  private readonly ws: WebSocket;
  private readonly pc: PeerConnection;
  private readonly track: Track;
  private offerSent = false;
  private readonly waiters = new Waiters();

  constructor(baseUrl: string, camera: string, token: string) {
    this.pc = new PeerConnection(`bench-${camera}`, { iceServers: [], bindAddress: '127.0.0.1' });
    const video = new Video('video', 'RecvOnly');
    video.addH264Codec(96);
    this.track = this.pc.addTrack(video);
    this.track.setMediaHandler(new RtcpReceivingSession());
    this.track.onMessage((packet) => {
      this.bytes += packet.length;
      this.packets += 1;
      if (this.firstRtpAt === null) {
        this.firstRtpAt = performance.now();
        this.waiters.resolveAll();
      }
    });
    this.pc.onStateChange((state) => {
      if (state === 'connected') this.connectedAt ??= performance.now();
      if (state === 'failed') this.fail('peer connection failed');
    });
    // The offer goes out once gathering is complete, every host candidate in it (no trickle from this side: the
    // server may still be checking the token when a trickled candidate would arrive).
    this.pc.onGatheringStateChange((state) => {
      const offer = this.pc.localDescription();
      if (state === 'complete' && offer && !this.offerSent) {
        this.offerSent = true;
        this.send({ type: 'webrtc-offer', sdp: offer.sdp });
      }
    });

    this.ws = openLiveSocket(baseUrl, camera, 'webrtc');
    this.ws.on('open', () => {
      this.openedAt = performance.now();
      this.send({ type: 'auth', token });
      this.pc.setLocalDescription();
    });
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return this.fail(`the server sent MSE fragments${this.unavailable ? ` (webrtc-unavailable ${this.unavailable})` : ''}`);
      this.onText(data.toString('utf8'));
    });
    this.ws.on('error', (error) => this.fail(error.message));
    this.ws.on('close', (code) => {
      if (this.firstRtpAt === null) this.fail(`socket closed with ${code} before the first RTP packet`);
    });
  }

  private onText(text: string): void {
    const message = JSON.parse(text) as { type: string; sdp?: string; candidate?: string; mid?: string; reason?: string; code?: string; message?: string };
    try {
      if (message.type === 'webrtc-answer' && message.sdp) {
        this.answerAt ??= performance.now();
        this.pc.setRemoteDescription(message.sdp, 'answer');
      } else if (message.type === 'webrtc-candidate' && message.candidate) {
        this.pc.addRemoteCandidate(message.candidate, message.mid ?? '0');
      } else if (message.type === 'webrtc-unavailable') {
        this.unavailable = message.reason ?? 'unknown';
        this.fail(`webrtc-unavailable: ${this.unavailable}`);
      } else if (message.type === 'error') {
        this.fail(`${message.code ?? 'error'}: ${message.message ?? ''}`);
      }
    } catch (error) {
      this.fail(`signalling (${message.type}, peer ${this.pc.state()}, gathering ${this.pc.gatheringState()}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private fail(message: string): void {
    this.error ??= message;
    this.waiters.rejectAll(new Error(message));
  }

  /** Resolves on the first RTP packet; rejects on an error, a decline, or after `timeoutMs`. */
  firstPacket(timeoutMs = 15_000): Promise<WebrtcViewerTimes> {
    if (this.firstRtpAt !== null) return Promise.resolve(this.times());
    if (this.error) return Promise.reject(new Error(this.error));
    return this.waiters.wait(() => this.times(), timeoutMs, () => `no RTP packet within ${timeoutMs} ms (${this.pc.state()})`);
  }

  times(): WebrtcViewerTimes {
    const open = this.openedAt;
    const since = (t: number | null): number | null => (open === null || t === null ? null : t - open);
    return { connectMs: open === null ? Number.NaN : open - this.created, answerMs: since(this.answerAt), connectedMs: since(this.connectedAt), firstRtpMs: since(this.firstRtpAt) };
  }

  close(): Promise<void> {
    try {
      this.track.close();
      this.pc.close();
    } catch {
      // already closed
    }
    return closeLiveSocket(this.ws);
  }
}

