import type { PeerConnection, RtpPacketizationConfig, Track } from 'node-datachannel';
import type { WebrtcSettings } from '@homecam/shared';
import { addTrack, libdatachannel, type Libdatachannel, type LibdatachannelLease } from './libdatachannel.js';
import type { H264Choice, OpusChoice } from './sdp.js';
import { keepUsableCandidates, usableCandidate } from './remote-candidates.js';

/** libdatachannel's warnings and errors go to the server log of the session that set this last. */
export function setPeerLog(log: (message: string) => void): void {
  libdatachannel.setWarningSink(log);
}

/** Payload size per RTP packet: below the usual 1500-byte MTU with IP/UDP/SRTP headers and extensions. */
const MAX_FRAGMENT_SIZE = 1_100;
/** Gathering host candidates takes milliseconds; this only bounds a machine without any usable address. */
const GATHER_TIMEOUT_MS = 3_000;

/** Peer connections not yet closed, for diagnostics and tests (closing the socket must close its peer). */
const open = new Set<H264Peer>();
export function openPeerCount(): number {
  return open.size;
}

/** The remote candidates libdatachannel holds for the open peers (tests: which of the browser's candidates it uses). */
export function openPeerRemoteCandidates(): string[] {
  return [...open].flatMap((peer) => peer.remoteCandidates());
}

/** Peer connections made since the process started (tests: no peer is made for an offer that will be refused). */
let created = 0;
export function createdPeerCount(): number {
  return created;
}

export type PeerState = 'connecting' | 'connected' | 'failed' | 'closed';

export interface PeerOptions {
  settings: WebrtcSettings;
  /** A name for libdatachannel's logs, e.g. the socket id. */
  label: string;
  onState: (state: PeerState) => void;
  /**
   * The offer's audio: answered with a sendonly Opus track when `send`, else explicitly inactive (libdatachannel
   * would otherwise mirror the offer as sendonly and the browser wait for sound that never comes).
   */
  audio?: OpusChoice & { send: boolean };
  /** The browser's microphone (an offer with sendrecv audio): each RTP or RTCP packet of its audio track. */
  onMicrophone?: (packet: Buffer) => void;
}

type RtpConfig = RtpPacketizationConfig;

const randomSsrc = (): number => (Math.random() * 0xfffffffe + 1) >>> 0;

/**
 * The Opus track: sends the camera's sound (one RTP packet per Opus packet, 48 kHz clock) and/or receives the
 * browser's microphone. Its own media stream id, so the browser does not hold the picture back to line it up with
 * the sound (lip sync comes from both being sent at once).
 */
function addOpusTrack(lib: Libdatachannel, pc: PeerConnection, choice: OpusChoice, send: boolean, onMicrophone?: (packet: Buffer) => void): { track: Track; config: RtpConfig | null } {
  const { Audio, RtpPacketizationConfig, RtpPacketizer, RtcpSrReporter, RtcpReceivingSession } = lib;
  const receive = onMicrophone !== undefined;
  const audio = new Audio(choice.mid, send && receive ? 'SendRecv' : send ? 'SendOnly' : 'RecvOnly');
  audio.addOpusCodec(choice.payloadType);
  const ssrc = randomSsrc();
  if (send) audio.addSSRC(ssrc, 'homecam-audio', 'homecam-audio', 'audio');
  const track = addTrack(pc, audio);
  let config: RtpConfig | null = null;
  if (send) {
    config = new RtpPacketizationConfig(ssrc, 'homecam', choice.payloadType, 48_000);
    const packetizer = new RtpPacketizer(config);
    packetizer.addToChain(new RtcpSrReporter(config));
    if (receive) packetizer.addToChain(new RtcpReceivingSession());
    track.setMediaHandler(packetizer);
  } else track.setMediaHandler(new RtcpReceivingSession());
  if (onMicrophone) track.onMessage((packet) => onMicrophone(packet));
  return { track, config };
}

/**
 * One sendonly H.264 peer connection (libdatachannel through node-datachannel): answers the browser's offer with
 * all host candidates in the SDP (no trickle needed on a LAN), then sends access units, which libdatachannel's
 * packetizer cuts into RTP (FU-A), with sender reports and NACK retransmission from a small history.
 */
export class H264Peer {
  /**
   * A peer with libdatachannel running for it: the first one loads and starts the library, and the last one's
   * close lets it stop (libdatachannel.ts).
   */
  static async open(choice: H264Choice, options: PeerOptions): Promise<H264Peer> {
    const lease = await libdatachannel.acquire();
    try {
      return new H264Peer(lease, choice, options);
    } catch (error) {
      lease.release();
      throw error;
    }
  }

  private readonly pc: PeerConnection;
  private readonly track: Track;
  private readonly rtpConfig: RtpConfig;
  private readonly audio: { track: Track; config: RtpConfig | null } | null;
  /** The declined audio section's track: held, as node-datachannel drops a collected track's native side. */
  private readonly inactiveAudio: Track | null = null;
  private closed = false;
  private state: PeerState = 'connecting';
  private readonly waiters: ((connected: boolean) => void)[] = [];

  private constructor(
    private readonly lease: LibdatachannelLease,
    choice: H264Choice,
    private readonly options: PeerOptions,
  ) {
    const { settings } = options;
    const { PeerConnection, Video, Audio, RtpPacketizationConfig, H264RtpPacketizer, RtcpSrReporter, RtcpNackResponder } = lease.lib;
    this.pc = new PeerConnection(options.label, {
      iceServers: [],
      ...(settings.bindAddress ? { bindAddress: settings.bindAddress } : {}),
      ...(settings.portRange ? { portRangeBegin: settings.portRange.min, portRangeEnd: settings.portRange.max } : {}),
    });
    open.add(this);
    created += 1;
    const ssrc = randomSsrc();
    const video = new Video(choice.mid, 'SendOnly');
    video.addH264Codec(choice.payloadType, choice.fmtp || undefined);
    video.addSSRC(ssrc, 'homecam', 'homecam', 'video');
    this.track = addTrack(this.pc, video, () => this.setState('closed'));
    this.rtpConfig = new RtpPacketizationConfig(ssrc, 'homecam', choice.payloadType, 90_000);
    const packetizer = new H264RtpPacketizer('Length', this.rtpConfig, MAX_FRAGMENT_SIZE);
    packetizer.addToChain(new RtcpSrReporter(this.rtpConfig));
    packetizer.addToChain(new RtcpNackResponder());
    this.track.setMediaHandler(packetizer);
    const microphone = options.audio?.receive ? options.onMicrophone : undefined;
    this.audio = options.audio && (options.audio.send || microphone) ? addOpusTrack(lease.lib, this.pc, options.audio, options.audio.send, microphone) : null;
    if (options.audio && !this.audio) {
      const inactive = new Audio(options.audio.mid, 'Inactive');
      inactive.addOpusCodec(options.audio.payloadType);
      this.inactiveAudio = addTrack(this.pc, inactive);
    }
    this.track.onOpen(() => this.setState('connected'));
    this.pc.onStateChange((state) => {
      if (state === 'failed') this.setState('failed');
      else if (state === 'closed' || state === 'disconnected') this.setState('closed');
    });
  }

  /** Takes the offer and resolves with the answer SDP once host candidates are gathered. */
  answer(offer: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        const local = this.pc.localDescription();
        if (local?.sdp) resolve(local.sdp);
        else reject(new Error('no local description'));
      };
      const timer = setTimeout(done, GATHER_TIMEOUT_MS);
      this.pc.onGatheringStateChange((state) => {
        if (state === 'complete') done();
      });
      try {
        this.pc.setRemoteDescription(keepUsableCandidates(offer, this.options.settings.bindAddress), 'offer');
      } catch (error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  addRemoteCandidate(candidate: string, mid: string): void {
    const usable = candidate ? usableCandidate(candidate, this.options.settings.bindAddress) : null;
    if (this.closed || !usable) return;
    try {
      this.pc.addRemoteCandidate(usable, mid);
    } catch {
      // a malformed or late candidate: ICE goes on with the ones in the offer
    }
  }

  remoteCandidates(): string[] {
    if (this.closed) return [];
    return (this.pc.remoteDescription()?.sdp ?? '').split(/\r?\n/).filter((line) => line.startsWith('a=candidate:'));
  }

  get connected(): boolean {
    return this.state === 'connected' && !this.closed && this.track.isOpen();
  }

  /** Resolves true once media can flow, false when the connection failed or closed first. */
  whenConnected(): Promise<boolean> {
    if (this.state !== 'connecting') return Promise.resolve(this.connected);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Sends one access unit (4-byte length-prefixed NAL units) with its 90 kHz RTP timestamp. */
  send(accessUnit: Buffer, timestamp: number): boolean {
    if (!this.connected) return false;
    this.rtpConfig.timestamp = timestamp;
    try {
      return this.track.sendMessageBinary(accessUnit);
    } catch {
      return false;
    }
  }

  get hasAudio(): boolean {
    return this.audio?.config != null;
  }

  /** Sends one Opus packet with its 48 kHz RTP timestamp; false while not connected (the packet is dropped). */
  sendAudio(packet: Buffer, timestamp: number): boolean {
    const config = this.audio?.config;
    if (!this.audio || !config || !this.connected || !this.audio.track.isOpen()) return false;
    config.timestamp = timestamp;
    try {
      return this.audio.track.sendMessageBinary(packet);
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    open.delete(this);
    for (const track of [this.track, this.audio?.track, this.inactiveAudio]) {
      try {
        track?.close();
      } catch {
        // already closed by the remote side
      }
    }
    this.pc.close();
    this.lease.release();
    this.setState('closed');
  }

  private setState(state: PeerState): void {
    if (this.state === state || this.state === 'closed') return;
    this.state = state;
    for (const waiter of this.waiters.splice(0)) waiter(state === 'connected');
    this.options.onState(state);
  }
}
