import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type { PrepareStreamRequest, PrepareStreamResponse, SRTPCryptoSuites, StreamingRequest, StreamRequestTypes } from 'hap-nodejs';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { Consumer, MediaLogger } from '../../media/index.js';
import type { CameraStreamDoor } from '../../services/camera-stream-door.js';
import type { CreateStreamDelegate, HomekitStreamDelegate, StreamDelegateContext } from '../stream-delegate.js';
import { SrtpRequestError, srtpKeyAndSalt, type SrtpTarget } from './srtp-args.js';
import { SrtpSession } from './srtp-session.js';

/** hap-nodejs declares its enums `const`: the values we compare with, typed. */
const AES_CM_128 = 0 as SRTPCryptoSuites.AES_CM_128_HMAC_SHA1_80;
const START = 'start' as StreamRequestTypes.START;
const RECONFIGURE = 'reconfigure' as StreamRequestTypes.RECONFIGURE;

export interface SrtpDelegateOptions {
  /**
   * The door to the cameras' streams (the camera stream service the context built): it refuses a
   * disabled camera or one in privacy mode, counts a HomeKit session as a viewer (maxStreams), and closes the
   * session's consumer when the camera goes off air. Its ffmpeg is the one the sessions run.
   */
  streams: Pick<CameraStreamDoor, 'admit' | 'attach' | 'ffmpegPath'>;
  logger?: MediaLogger;
  redact?: (text: string) => string;
  /** Concurrent HomeKit sessions per camera (each is an ffmpeg). Default 2. */
  maxSessions?: number;
  rtcpTimeoutMs?: number;
  /** A prepared session that is never started frees its port after this. Default 30 s. */
  prepareTimeoutMs?: number;
  clock?: Pick<Clock, 'now' | 'setTimer'>;
}

interface Prepared {
  target: SrtpTarget;
  family: 'ipv4' | 'ipv6';
  ssrc: number;
  rtcp: Socket;
  cancelExpiry: () => void;
}

/** HAP's positive 31-bit SSRC (what CameraController.generateSynchronisationSource makes). */
const newSsrc = (): number => randomBytes(4).readUInt32BE(0) & 0x7fffffff;

/** A UDP socket on the interface the controller reached us on, port chosen by the OS: the RTCP return port. */
async function bindReturnSocket(family: 'ipv4' | 'ipv6', localAddress: string): Promise<Socket> {
  // A dual-stack HAP server reports IPv4 peers as ::ffff:a.b.c.d; a udp4 socket needs the plain address.
  const address = family === 'ipv4' ? localAddress.replace(/^::ffff:/i, '') : localAddress.split('%')[0] ?? localAddress;
  const bindTo = (host: string | undefined): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = createSocket(family === 'ipv6' ? 'udp6' : 'udp4');
      socket.once('error', reject);
      socket.bind({ port: 0, ...(host ? { address: host } : {}), exclusive: true }, () => {
        socket.off('error', reject);
        resolve(socket);
      });
    });
  // The controller sends RTCP to the address hap-nodejs announces; when that one cannot be bound, all of them.
  return bindTo(address).catch(() => bindTo(undefined));
}

const errorOf = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * HomeKit live streaming (the seam's `CreateStreamDelegate`): per session a return UDP port and the controller's
 * SRTP key at prepare, then on START a hub consumer on the camera's shared upstream piped into one ffmpeg writing
 * SRTP (see SrtpSession). Video only: HomeKit wants AAC-ELD or Opus audio, which the upstream does not carry.
 */
export function createSrtpStreamDelegate(options: SrtpDelegateOptions): CreateStreamDelegate {
  return (context) => new SrtpStreamDelegate(context, options);
}

export class SrtpStreamDelegate implements HomekitStreamDelegate {
  private readonly prepared = new Map<string, Prepared>();
  private readonly sessions = new Map<string, SrtpSession>();
  /** Sessions whose START waits for the door; a STOP meanwhile removes its id. */
  private readonly starting = new Set<string>();
  private closed = false;

  constructor(
    private readonly context: StreamDelegateContext,
    private readonly options: SrtpDelegateOptions,
  ) {}

  prepareStream(request: PrepareStreamRequest, callback: (error?: Error, response?: PrepareStreamResponse) => void): void {
    this.prepare(request).then(
      (response) => callback(undefined, response),
      (error: unknown) => callback(errorOf(error)),
    );
  }

  handleStreamRequest(request: StreamingRequest, callback: (error?: Error) => void): void {
    if (request.type === START) {
      this.start(request.sessionID, request.video).then(
        () => callback(),
        (error: unknown) => callback(errorOf(error)),
      );
    } else if (request.type === RECONFIGURE) {
      this.sessions.get(request.sessionID)?.reconfigure({ width: request.video.width, height: request.video.height, fps: request.video.fps, maxBitrate: request.video.max_bit_rate });
      callback();
    } else {
      void this.stop(request.sessionID).finally(() => callback());
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...new Set([...this.prepared.keys(), ...this.sessions.keys()])].map((id) => this.stop(id)));
  }

  private async prepare(request: PrepareStreamRequest): Promise<PrepareStreamResponse> {
    if (this.closed) throw new Error('the camera accessory is gone');
    // Refused before a port is bound: the same rule the START below meets in the door's attach.
    this.options.streams.admit(this.context.camera);
    if (request.video.srtpCryptoSuite !== AES_CM_128) throw new SrtpRequestError(`unsupported SRTP suite ${String(request.video.srtpCryptoSuite)}`);
    if (this.sessions.size + this.prepared.size + this.starting.size >= (this.options.maxSessions ?? 2)) throw new Error(`${this.context.camera}: too many HomeKit streams`);
    const keyAndSalt = srtpKeyAndSalt(request.video.srtp_key, request.video.srtp_salt);
    const family = request.addressVersion;
    const rtcp = await bindReturnSocket(family, request.sourceAddress);
    const ssrc = newSsrc();
    const clock = this.options.clock ?? systemClock;
    const cancelExpiry = clock.setTimer(this.options.prepareTimeoutMs ?? 30_000, () => void this.stop(request.sessionID));
    this.prepared.set(request.sessionID, { target: { address: request.targetAddress, port: request.video.port, keyAndSalt }, family, ssrc, rtcp, cancelExpiry });
    const port = rtcp.address().port;
    // Audio is not sent (see above); hap-nodejs still wants an answer for it unless the camera is video-only.
    return {
      video: { port, ssrc, srtp_key: request.video.srtp_key, srtp_salt: request.video.srtp_salt },
      audio: { port, ssrc: newSsrc(), srtp_key: request.audio.srtp_key, srtp_salt: request.audio.srtp_salt },
    };
  }

  private async start(sessionId: string, video: Extract<StreamingRequest, { video: { codec: unknown } }>['video']): Promise<void> {
    const prepared = this.prepared.get(sessionId);
    if (!prepared) throw new Error('no prepared HomeKit session by that id');
    this.prepared.delete(sessionId);
    prepared.cancelExpiry();
    const { streams } = this.options;
    this.starting.add(sessionId);
    let consumer: Consumer;
    try {
      consumer = await streams.attach(this.context.camera, 'main', { kind: 'viewer', label: `homekit:${sessionId.slice(0, 8)}` });
    } catch (error) {
      this.starting.delete(sessionId);
      prepared.rtcp.close();
      throw error;
    }
    if (!this.starting.delete(sessionId) || this.closed) {
      // Stopped (or the accessory closed) while the door was asked.
      consumer.close();
      prepared.rtcp.close();
      throw new Error('the HomeKit session was stopped');
    }
    const session = new SrtpSession({
      ffmpegPath: streams.ffmpegPath,
      consumer,
      video: { width: video.width, height: video.height, fps: video.fps, maxBitrate: video.max_bit_rate, payloadType: video.pt, ssrc: prepared.ssrc, mtu: video.mtu, profile: video.profile, level: video.level },
      target: prepared.target,
      family: prepared.family,
      rtcp: prepared.rtcp,
      label: this.context.camera,
      onEnd: (reason) => {
        this.options.logger?.info({ camera: this.context.camera, reason }, 'HomeKit stream ended');
        this.sessions.delete(sessionId);
        this.context.forceStop(sessionId);
      },
      ...(this.options.rtcpTimeoutMs !== undefined ? { rtcpTimeoutMs: this.options.rtcpTimeoutMs } : {}),
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      ...(this.options.redact ? { redact: this.options.redact } : {}),
    });
    this.sessions.set(sessionId, session);
    session.start();
  }

  private async stop(sessionId: string): Promise<void> {
    this.starting.delete(sessionId);
    const prepared = this.prepared.get(sessionId);
    if (prepared) {
      this.prepared.delete(sessionId);
      prepared.cancelExpiry();
      prepared.rtcp.close();
    }
    const session = this.sessions.get(sessionId);
    this.sessions.delete(sessionId);
    await session?.stop();
  }

  /** The running sessions of this camera (tests, status). */
  get active(): ReadonlyMap<string, SrtpSession> {
    return this.sessions;
  }
}
