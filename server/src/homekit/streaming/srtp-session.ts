import type { Socket } from 'node:dgram';
import { systemClock, type Clock } from '../../lib/clock.js';
import { SupervisedProcess, silentLogger, type Consumer, type InitSegment, type MediaLogger } from '../../media/index.js';
import { buildSrtpArgs, canCopy, normalizeVideo, type SrtpTarget, type VideoRequest } from './srtp-args.js';

export interface SrtpSessionOptions {
  ffmpegPath: string;
  /** The hub consumer on the camera's shared upstream (no second RTSP session); closed when the session ends. */
  consumer: Consumer;
  video: VideoRequest;
  target: SrtpTarget;
  family: 'ipv4' | 'ipv6';
  /** Bound to the port prepareStream returned: the controller's RTCP arrives here and keeps the session alive. */
  rtcp: Socket;
  /** No RTCP this long → the controller is gone (phone locked, left the Wi-Fi): the session ends. Default 30 s. */
  rtcpTimeoutMs?: number;
  /** ffmpeg attempts in a row that may fail before the session gives up. Default 3. */
  maxFailures?: number;
  clock?: Pick<Clock, 'now' | 'setTimer'>;
  logger?: MediaLogger;
  label?: string;
  redact?: (text: string) => string;
  /** The session ended on its own (RTCP silence, upstream gone, ffmpeg failing): tell HomeKit. Once at most. */
  onEnd: (reason: string) => void;
}

/**
 * One HomeKit live session: the hub's fMP4 (init segment, then fragments from a keyframe) piped into ONE ffmpeg
 * that writes H.264 as SRTP to the controller. A new init segment (the camera changed format) restarts ffmpeg
 * with fresh arguments; a reconfigure does too when transcoding (copy has nothing to change).
 */
export class SrtpSession {
  private readonly process: SupervisedProcess;
  private video: VideoRequest;
  private init: InitSegment | null = null;
  private copy = false;
  private needKeyframe = true;
  private stopped = false;
  private failures = 0;
  private cancelRtcpTimer: () => void = () => undefined;
  private readonly clock: Pick<Clock, 'now' | 'setTimer'>;
  private readonly logger: MediaLogger;

  constructor(private readonly options: SrtpSessionOptions) {
    this.video = normalizeVideo(options.video);
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.process = new SupervisedProcess({
      command: options.ffmpegPath,
      args: () => this.args(),
      stdin: true,
      // Output goes to the network, not stdout: the stdout watchdogs do not apply. RTCP silence ends a dead session.
      firstOutputTimeoutMs: 0,
      stallTimeoutMs: 0,
      killTimeoutMs: 2_000,
      backoff: { initialMs: 500, maxMs: 4_000, factor: 2, healthyAfterMs: 10_000 },
      stderrLimit: 2_048,
      ...(options.redact ? { redact: options.redact } : {}),
      timers: this.clock,
    });
    this.process.on('started', () => this.onStarted());
    this.process.on('exit', (exit) => {
      if (exit.reason === 'stopped' || exit.reason === 'restarted') return;
      this.failures = exit.runMs > 10_000 ? 1 : this.failures + 1;
      this.logger.warn({ camera: options.label, code: exit.code, stderr: exit.stderr.slice(-400) }, 'HomeKit stream ffmpeg ended');
      if (this.failures >= (options.maxFailures ?? 3)) this.end('ffmpeg failed repeatedly');
    });
  }

  /** Whether the current ffmpeg copies the camera's H.264 (null before the first init segment). */
  get copying(): boolean | null {
    return this.init ? this.copy : null;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Starts reading the hub and the RTCP watchdog; ffmpeg starts with the first init segment. */
  start(): void {
    this.options.rtcp.on('message', () => this.armRtcpTimer());
    this.armRtcpTimer();
    void this.pump();
  }

  /** HomeKit asks for another size/rate/bitrate (e.g. the picture went full screen): new arguments when encoding. */
  reconfigure(video: Pick<VideoRequest, 'width' | 'height' | 'fps' | 'maxBitrate'>): void {
    this.video = normalizeVideo({ ...this.video, ...video });
    const copy = this.init ? this.decideCopy(this.init) : this.copy;
    if (this.init && (!this.copy || !copy)) this.process.restart();
  }

  /** Ends ffmpeg, the hub consumer and the RTCP socket; resolves once ffmpeg has exited. Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.cancelRtcpTimer();
    this.options.consumer.close();
    try {
      this.options.rtcp.close();
    } catch {
      // already closed
    }
    await this.process.stop();
  }

  private end(reason: string): void {
    if (this.stopped) return;
    void this.stop();
    this.options.onEnd(reason);
  }

  private armRtcpTimer(): void {
    this.cancelRtcpTimer();
    if (this.stopped) return;
    this.cancelRtcpTimer = this.clock.setTimer(this.options.rtcpTimeoutMs ?? 30_000, () => this.end('no RTCP from the controller'));
  }

  private async pump(): Promise<void> {
    for await (const item of this.options.consumer) {
      if (this.stopped) return;
      if (item.type === 'init') {
        if (this.init?.data.equals(item.data)) continue;
        this.init = item;
        if (this.process.active) this.process.restart();
        else this.process.start();
        continue;
      }
      if (this.needKeyframe && !item.keyframe) continue;
      if (!this.process.write(item.data)) continue;
      this.needKeyframe = false;
      await this.process.drained();
    }
    this.end('the camera stream ended');
  }

  private decideCopy(init: InitSegment): boolean {
    const video = init.info.video;
    return video ? canCopy({ codec: video.codec, width: video.width, height: video.height }, this.video) : false;
  }

  private args(): readonly string[] {
    const init = this.init;
    this.copy = init ? this.decideCopy(init) : false;
    const args = buildSrtpArgs({ copy: this.copy, video: this.video, target: this.options.target, family: this.options.family });
    this.logger.info({ camera: this.options.label, copy: this.copy, width: this.video.width, height: this.video.height, fps: this.video.fps }, 'HomeKit stream ffmpeg starting');
    return args;
  }

  /** A new ffmpeg: the init segment first, then fragments from the next keyframe. */
  private onStarted(): void {
    this.needKeyframe = true;
    if (this.init) this.process.write(this.init.data);
  }
}
