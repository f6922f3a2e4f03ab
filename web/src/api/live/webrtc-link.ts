/** Why the player left WebRTC by itself (the server's reasons come as `webrtc-unavailable`). */
export type WebrtcClientFailure = 'ICE_FAILED' | 'NO_FRAME';

export interface WebrtcLinkHooks {
  /** The first frame was decoded and shown. */
  onPlaying: () => void;
  /** ICE failed or no frame came in time: the caller tells the server (`webrtc-fallback`) and plays MSE. */
  onFailed: (reason: WebrtcClientFailure) => void;
  /** A candidate found after the offer went out; called only once the answer arrived (the server is listening). */
  sendCandidate: (candidate: string, mid: string) => void;
  /** The server sends the camera's sound (an Opus track): the mute button has something to unmute. */
  onAudio?: () => void;
}

/** Frames must show within this long after the answer (or after the camera started streaming). */
export const WEBRTC_FRAME_TIMEOUT_MS = 3_000;
/** Host candidates on a LAN gather in milliseconds; this only bounds a browser that never finishes. */
const GATHER_TIMEOUT_MS = 1_500;
/** After the first candidate, how long to wait for more before the offer goes out (later ones trickle). */
const GATHER_GRACE_MS = 15;

/** The browser can do WebRTC at all (an old or locked-down browser goes straight to MSE). */
export function webrtcSupported(): boolean {
  return typeof globalThis.RTCPeerConnection === 'function';
}

type FrameCallbackVideo = HTMLVideoElement & { requestVideoFrameCallback?: (callback: () => void) => number };

/**
 * The receiving end of the server's H.264 track: a recvonly RTCPeerConnection whose offer (all candidates in it,
 * no trickle) goes over the live socket, H.264 preferred; the answer's stream plays in the <video>. Watches for
 * the first decoded frame and for ICE failure, so the player can fall back to MSE by itself.
 */
export class WebrtcLink {
  private readonly pc: RTCPeerConnection;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private playing = false;
  private closed = false;
  /** Candidates found after the offer was taken; null once the answer arrived (then they go out at once). */
  private trickle: RTCIceCandidate[] | null = null;
  private answered = false;
  /** The sound when it came before the picture's stream was on the <video>. */
  private pendingAudio: MediaStreamTrack | null = null;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly hooks: WebrtcLinkHooks,
  ) {
    this.pc = new RTCPeerConnection({ iceServers: [] });
    const transceiver = this.pc.addTransceiver('video', { direction: 'recvonly' });
    const h264 = (RTCRtpReceiver.getCapabilities?.('video')?.codecs ?? []).filter((c) => c.mimeType.toLowerCase() === 'video/h264');
    if (h264.length > 0 && typeof transceiver.setCodecPreferences === 'function') transceiver.setCodecPreferences(h264);
    // The camera's sound, when it has some: the server answers Opus, or inactive for a camera without audio.
    this.pc.addTransceiver('audio', { direction: 'recvonly' });
    this.pc.ontrack = (event) => {
      if (this.closed) return;
      if (event.track.kind === 'audio') return this.addAudio(event.track);
      // No playout delay: frames are shown as soon as they are decoded (the server paces them).
      const receiver = event.receiver as RTCRtpReceiver & { jitterBufferTarget?: number | null };
      if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
      video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      if (this.pendingAudio) this.addAudio(this.pendingAudio);
      video.play().catch(() => undefined);
      this.watchFrames();
    };
    this.pc.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate || this.closed) return;
      if (this.trickle) this.trickle.push(candidate);
      else if (this.answered) this.hooks.sendCandidate(candidate.candidate, candidate.sdpMid ?? '0');
    };
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed') this.fail('ICE_FAILED');
    };
  }

  /**
   * The recvonly offer with the candidates gathered so far: it goes out right after the first host candidate
   * (waiting for gathering to complete costs ~100 ms in Chromium); later candidates trickle after the answer.
   */
  async offer(): Promise<string> {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    if (this.pc.iceGatheringState !== 'complete') {
      await new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
        this.pc.addEventListener('icecandidate', () => {
          clearTimeout(timer);
          timer = setTimeout(resolve, GATHER_GRACE_MS);
        });
        this.pc.addEventListener('icegatheringstatechange', () => {
          if (this.pc.iceGatheringState === 'complete') resolve();
        });
      });
    }
    this.trickle = [];
    return this.pc.localDescription?.sdp ?? '';
  }

  async accept(answer: string): Promise<void> {
    if (this.closed) return;
    this.armFrameTimer();
    try {
      await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    } catch {
      this.fail('ICE_FAILED');
      return;
    }
    this.answered = true;
    for (const candidate of this.trickle?.splice(0) ?? []) this.hooks.sendCandidate(candidate.candidate, candidate.sdpMid ?? '0');
    this.trickle = null;
  }

  addCandidate(candidate: string, mid: string): void {
    if (this.closed || !candidate) return;
    this.pc.addIceCandidate({ candidate, sdpMid: mid }).catch(() => undefined);
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
    this.pc.ontrack = null;
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    if (this.video.srcObject) this.video.srcObject = null;
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
