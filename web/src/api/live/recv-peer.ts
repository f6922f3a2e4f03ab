/**
 * The receiving RTCPeerConnection of a WebRTC live view, without a <video>: a recvonly offer (H.264 preferred, and
 * Opus for the camera's sound), the server's answer and candidates, and the tracks that arrive. It can start before
 * the page has a player (live-early.ts) and be handed to one later (WebrtcLink), which then gets every track so far.
 * No imports: the page's first script uses it before the app's bundle has run.
 */

export interface RecvTrack {
  track: MediaStreamTrack;
  streams: readonly MediaStream[];
  receiver: RTCRtpReceiver;
}

/** The browser can do WebRTC at all (an old or locked-down browser goes straight to MSE). */
export function webrtcSupported(): boolean {
  return typeof globalThis.RTCPeerConnection === 'function';
}

function noPlayoutDelay(receiver: RTCRtpReceiver): void {
  const withTarget = receiver as RTCRtpReceiver & { jitterBufferTarget?: number | null };
  if ('jitterBufferTarget' in withTarget) withTarget.jitterBufferTarget = 0;
}

export class RecvPeer {
  private readonly pc: RTCPeerConnection;
  private readonly audio: RTCRtpTransceiver;
  private readonly tracks: RecvTrack[] = [];
  private trackListener: ((track: RecvTrack) => void) | null = null;
  private failedListener: (() => void) | null = null;
  private sendCandidate: ((candidate: string, mid: string) => void) | null = null;
  /** Candidates found after the offer was taken and before it went out; null before the offer and after trickleTo(). */
  private trickle: RTCIceCandidate[] | null = null;
  private failed = false;
  private closed = false;
  /** The local description, set as the peer is made (gathering starts with it). */
  private readonly described: Promise<void>;
  /** The offer as sent (offer() again returns it). */
  private offered: string | null = null;
  answered = false;

  constructor() {
    // One ICE transport for picture and sound from the offer on: with the default ('balanced') Chromium gathers and
    // checks one per media kind until the answer bundles them, and ICE took ~200 ms instead of ~110 ms on loopback.
    this.pc = new RTCPeerConnection({ iceServers: [], bundlePolicy: 'max-bundle' });
    const transceiver = this.pc.addTransceiver('video', { direction: 'recvonly' });
    const h264 = (RTCRtpReceiver.getCapabilities?.('video')?.codecs ?? []).filter((c) => c.mimeType.toLowerCase() === 'video/h264');
    if (h264.length > 0 && typeof transceiver.setCodecPreferences === 'function') transceiver.setCodecPreferences(h264);
    // The camera's sound, when it has some (the server answers Opus, or inactive without audio), and the microphone
    // for press to talk (issue 22): sendrecv, but nothing is sent until setMicrophone() gives it a track.
    this.audio = this.pc.addTransceiver('audio', { direction: 'sendrecv' });
    this.pc.ontrack = (event) => {
      if (this.closed) return;
      // No playout delay from the first frame on, whoever plays the track (the early picture or the player): frames
      // are shown as soon as they are decoded (the server paces them).
      if (event.track.kind === 'video') noPlayoutDelay(event.receiver);
      const track = { track: event.track, streams: event.streams, receiver: event.receiver };
      this.tracks.push(track);
      this.trackListener?.(track);
    };
    this.pc.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate || this.closed) return;
      if (this.trickle) this.trickle.push(candidate);
      else this.sendCandidate?.(candidate.candidate, candidate.sdpMid ?? '0');
    };
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed') this.fail();
    };
    this.described = this.describe();
    this.described.catch(() => undefined); // offer() rejects with it
  }

  /**
   * The recvonly offer with the candidates gathered by now: the caller asks when it can send it (the live socket
   * opened), so it never waits for gathering (waiting for the first host candidate took 30–150 ms more on a busy
   * machine, after the socket had opened). Gathering started with the local description, made as the peer was;
   * candidates found later trickle once the offer is out (trickleTo). Asked again, the same offer.
   */
  async offer(): Promise<string> {
    await this.described;
    this.offered ??= this.takeOffer();
    return this.offered;
  }

  /**
   * The offer has gone out: candidates found meanwhile go out now, and each later one at once. Not after the answer:
   * the server holds them until it has its peer, which then checks them right away, and the pair is good by the
   * time our nominating check arrives (learnt from that check alone, the server's own check waits 50 ms).
   */
  trickleTo(sendCandidate: (candidate: string, mid: string) => void): void {
    if (this.closed || this.sendCandidate) return;
    this.sendCandidate = sendCandidate;
    for (const candidate of this.trickle?.splice(0) ?? []) sendCandidate(candidate.candidate, candidate.sdpMid ?? '0');
    this.trickle = null;
  }

  /** The server's answer. A bad one fails the peer. */
  async accept(answer: string): Promise<void> {
    if (this.closed || this.answered) return;
    try {
      await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    } catch {
      return this.fail();
    }
    this.answered = true;
  }

  addCandidate(candidate: string, mid: string): void {
    if (this.closed || !candidate) return;
    this.pc.addIceCandidate({ candidate, sdpMid: mid }).catch(() => undefined);
  }

  /** The microphone's track while the talk button is held, null to stop sending (no new negotiation either way). */
  async setMicrophone(track: MediaStreamTrack | null): Promise<void> {
    if (this.closed) return;
    await this.audio.sender.replaceTrack(track);
  }

  /** Every track so far at once, then each new one. */
  onTrack(listener: (track: RecvTrack) => void): void {
    this.trackListener = listener;
    for (const track of this.tracks) listener(track);
  }

  private fail(): void {
    if (this.failed || this.closed) return;
    this.failed = true;
    this.failedListener?.();
  }

  /** ICE or DTLS failed, or the answer was refused (at once when that already happened). */
  onFailed(listener: () => void): void {
    this.failedListener = listener;
    if (this.failed) listener();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.trackListener = null;
    this.failedListener = null;
    this.pc.ontrack = null;
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }

  private async describe(): Promise<void> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
  }

  /** The local description as it is now, with its candidates; the ones found from now on wait for the answer. */
  private takeOffer(): string {
    this.trickle = [];
    return this.pc.localDescription?.sdp ?? '';
  }
}
