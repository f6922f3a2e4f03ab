import { liveMessage, type LiveClientMessage, type LiveServerMessage, type WebrtcSettings, type WebrtcUnavailableReason } from '@homecam/shared';
import type { Consumer, StreamAccess, StreamName } from '../media/index.js';
import { AudioRtpClock } from './audio/audio-clock.js';
import { audioTranscoder } from './audio/transcoder.js';
import type { HeldSignalling } from './held-signalling.js';
import { libdatachannel } from './libdatachannel.js';
import { H264Peer, setPeerLog, type PeerOptions, type PeerState } from './peer.js';
import { RtpClock } from './rtp-clock.js';
import { chooseH264, chooseOpus } from './sdp.js';
import { sendVideo, type SendVideoResult } from './video-sender.js';

/** What the live WebSocket session lends the WebRTC part. */
export interface LiveWebrtcHost {
  send(message: LiveServerMessage): void;
  /** The offer and candidates the page sent before there was a peer (from the sign-in on): kept by the session. */
  held: HeldSignalling;
  /** Detach the current consumer and attach again (now for MSE when WebRTC was declined, else for WebRTC). */
  reattach(): void;
  settings(): WebrtcSettings;
  /** The stream's codecs when known ('avc1.42C01F, mp4a.40.2'), and whether the upstream re-encodes. */
  codecs(): string | undefined;
  transcoding(): boolean;
  /** Where the camera's sound comes from, or null when it has none for WebRTC (`videoConfig.audio: false`). */
  audio?(): AudioSource | null;
  /** The browser's microphone packets (an offer with sendrecv audio; issue 22 press to talk). */
  microphone?(packet: Buffer): void;
  label: string;
  log: { debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How long to wait for the player's offer before playing MSE. Default 5 s. */
  offerTimeoutMs?: number;
  /** How long ICE + DTLS may take before playing MSE. Default 10 s. */
  connectTimeoutMs?: number;
}

/** `waiting`: the session has not yet reserved its viewer place; an offer is kept, not answered (N12). */
type Phase = 'waiting' | 'offer' | 'answering' | 'webrtc' | 'mse';

export interface AudioSource {
  /** The door to the camera's streams (the camera stream service): the audio consumer honours its rules. */
  streams: StreamAccess;
  camera: string;
  stream: StreamName;
}

/**
 * The WebRTC side of one live viewer (`?transport=webrtc`): waits for the offer, answers it with a sendonly
 * H.264 peer, and pumps the session's hub consumer into it. Whenever WebRTC cannot work — switched off, not
 * H.264 as it is, B-frames, a failed negotiation or connection, the player giving up — it says why
 * (`webrtc-unavailable`) and hands the socket back to MSE. Closing the socket closes the peer at once.
 */
export class LiveWebrtc {
  private phase: Phase = 'waiting';
  private peer: H264Peer | null = null;
  private readonly clock = new RtpClock();
  private readonly audioClock = new AudioRtpClock();
  private audio: AudioSource | null = null;
  /** The Opus payload type the browser's microphone arrives with, once the answer took it; else null. */
  private micPayloadType: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the answer went out (Date.now()), for the debug log of the connection's set-up time. */
  private answeredAt = 0;

  constructor(private readonly host: LiveWebrtcHost) {
    setPeerLog((message) => host.log.warn({ libdatachannel: message }, 'WebRTC'));
    // The first WebRTC viewer of the process imports the native module while it signs in (~50 ms), not after its
    // offer; a failure shows when the answer needs it.
    libdatachannel.load().catch(() => undefined);
  }

  /** True while the session's consumer belongs to WebRTC (before the offer and while playing). */
  get active(): boolean {
    return this.phase !== 'mse';
  }

  /** Whether begin() was called (the session holds its viewer place). */
  get begun(): boolean {
    return this.phase !== 'waiting';
  }

  /**
   * Called once the viewer is signed in, may watch and holds its place among the camera's viewers (maxStreams):
   * no peer is made for an offer the limit would refuse. The offer (and candidates) that came before is answered now.
   */
  begin(): void {
    if (this.phase !== 'waiting') return;
    this.phase = 'offer';
    const offer = this.host.held.offer;
    this.host.held.offer = null;
    if (!this.host.settings().active) return this.decline('DISABLED');
    const codecs = this.host.codecs();
    if (this.host.transcoding() || (codecs !== undefined && !/^avc[13]\./.test(codecs))) return this.decline('CODEC');
    if (offer !== null) return void this.answer(offer);
    this.timer = setTimeout(() => this.decline('NEGOTIATION'), this.host.offerTimeoutMs ?? 5_000);
  }

  /** Handles the signalling messages; false for anything else (pause, resume). */
  handle(message: LiveClientMessage): boolean {
    if (message.type === 'webrtc-offer') {
      if (this.phase === 'waiting') this.host.held.hold(message);
      else if (this.phase === 'offer') void this.answer(message.sdp);
      return true;
    }
    if (message.type === 'webrtc-candidate') {
      if (this.peer) this.peer.addRemoteCandidate(message.candidate, message.mid);
      else if (this.phase !== 'mse') this.host.held.hold(message);
      return true;
    }
    if (message.type === 'webrtc-fallback') {
      if (this.phase !== 'mse') this.toMse(null);
      return true;
    }
    return false;
  }

  /** Pumps the session's consumer (attached while `active`) into the peer. */
  async pump(consumer: Consumer, isCurrent: () => boolean): Promise<'ended' | 'stale'> {
    const peer = this.peer;
    if (!peer) return 'stale'; // still waiting for the offer: the consumer only holds the buffered GOP meanwhile
    const stopAudio = this.listenAudio(peer);
    let result: SendVideoResult;
    try {
      result = await sendVideo({ consumer, sink: peer, clock: this.clock, isCurrent, transcoding: () => this.host.transcoding() });
    } finally {
      stopAudio();
    }
    if (result === 'ended' || result === 'stale') return result;
    if (this.peer === peer && this.phase === 'webrtc') this.decline(result === 'closed' ? 'NEGOTIATION' : result);
    return 'stale';
  }

  /** The microphone's Opus payload type while the peer receives it (sendrecv offer answered), else null. */
  get microphonePayloadType(): number | null {
    return this.peer && this.phase === 'webrtc' ? this.micPayloadType : null;
  }

  close(): void {
    this.clearTimer();
    this.phase = 'mse';
    this.peer?.close();
    this.peer = null;
  }

  /**
   * The camera's sound for as long as the picture is pumped (a pause stops both): the shared transcoder of the
   * stream, whose packets are dropped while the peer is not connected. Returns the unsubscribe.
   */
  private listenAudio(peer: H264Peer): () => void {
    const source = this.audio;
    if (!source || !peer.hasAudio) return () => undefined;
    const transcoder = audioTranscoder(source.streams, source.camera, source.stream, this.host.log);
    return transcoder.subscribe((packet, samples) => {
      if (peer.connected) peer.sendAudio(packet, this.audioClock.timestamp(samples, Date.now()));
    });
  }

  /** Sound only when the offer wants Opus, the camera is configured with sound and its stream (when known) has some. */
  private audioFor(offer: string): PeerOptions['audio'] {
    const opus = chooseOpus(offer);
    const codecs = this.host.codecs();
    this.audio = opus && (codecs === undefined || codecs.includes('mp4a')) ? (this.host.audio?.() ?? null) : null;
    return opus ? { ...opus, send: this.audio !== null } : undefined;
  }

  private async answer(offer: string): Promise<void> {
    const started = Date.now();
    this.clearTimer();
    const choice = chooseH264(offer);
    if (!choice) return this.decline('NEGOTIATION');
    this.phase = 'answering';
    let peer: H264Peer | null = null;
    let sdp: string;
    try {
      const audio = this.audioFor(offer);
      const microphone = this.host.microphone?.bind(this.host);
      this.micPayloadType = audio?.receive && microphone ? audio.payloadType : null;
      const options: PeerOptions = {
        settings: this.host.settings(),
        label: this.host.label,
        onState: (state) => peer && this.onPeerState(peer, state),
        ...(audio ? { audio } : {}),
        ...(microphone ? { onMicrophone: microphone } : {}),
      };
      peer = await H264Peer.open(choice, options);
      if (this.phase !== 'answering') return peer.close(); // the socket closed or gave up while libdatachannel started
      this.peer = peer;
      const answering = peer.answer(offer); // takes the offer at once; the answer waits for our own candidates
      for (const { candidate, mid } of this.host.held.drainCandidates()) peer.addRemoteCandidate(candidate, mid);
      sdp = await answering;
    } catch (error) {
      this.host.log.warn({ err: error }, 'WebRTC negotiation failed');
      if (this.phase === 'answering') this.decline('NEGOTIATION');
      return;
    }
    if (this.phase !== 'answering' || this.peer !== peer) return; // closed or declined meanwhile
    this.phase = 'webrtc';
    this.host.send(liveMessage.webrtcAnswer(sdp));
    this.timer = setTimeout(() => this.decline('NEGOTIATION'), this.host.connectTimeoutMs ?? 10_000);
    this.answeredAt = Date.now();
    // Where a page's first frame goes (with bench:first-frame's browser-side milestones): peer made + answer gathered.
    this.host.log.debug({ payloadType: choice.payloadType, fmtp: choice.fmtp, answerMs: this.answeredAt - started }, 'WebRTC answer sent');
    this.host.reattach();
  }

  private onPeerState(peer: H264Peer, state: PeerState): void {
    if (peer !== this.peer) return;
    if (state === 'connected') {
      this.clearTimer();
      this.host.log.debug({ sinceAnswerMs: Date.now() - this.answeredAt }, 'WebRTC connected (ICE and DTLS)');
    }
    else if ((state === 'failed' || state === 'closed') && this.phase !== 'mse') this.decline('NEGOTIATION');
  }

  private decline(reason: WebrtcUnavailableReason): void {
    if (this.phase === 'mse') return;
    this.host.log.debug({ reason }, 'WebRTC unavailable: playing MSE');
    this.toMse(reason);
  }

  /** Drops the peer and plays MSE on the socket; `reason` null: the player asked for it and knows why. */
  private toMse(reason: WebrtcUnavailableReason | null): void {
    this.close();
    if (reason) this.host.send(liveMessage.webrtcUnavailable(reason));
    this.host.reattach();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
