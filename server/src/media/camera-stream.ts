import { Consumer, type AttachOptions } from './consumer.js';
import { MediaError } from './errors.js';
import { describeExit, type StreamProblemInfo } from './ffmpeg/exit-reason.js';
import { redactArgs } from './ffmpeg/redact.js';
import { SupervisedProcess, type ProcessExit, type SupervisedProcessOptions, type Timers } from './ffmpeg/supervised-process.js';
import type { FragmentInfo } from '../lib/fmp4/fragment.js';
import type { Fmp4Segment } from '../lib/fmp4/stream-parser.js';
import type { GopBufferLimits } from './gop-buffer.js';
import type { MediaLogger } from './logger.js';
import { StreamFanout } from './stream-fanout.js';
import { StreamIngest } from './stream-ingest.js';
import { StreamPlan, type PlanContext, type StreamSettings } from './stream-plan.js';
import { streamKey, type InitSegment, type MediaFragment, type StreamName, type StreamState, type StreamStats, type StreamStatus } from './types.js';

export type { StreamSettings } from './stream-plan.js';

export interface StreamPolicy {
  /** Keep the upstream connected without consumers. */
  prebuffering: boolean;
  /** Seconds of the prebuffer; default: the hub's. */
  prebufferSeconds?: number;
}

export interface CameraStreamContext extends PlanContext {
  ffmpegPath: string;
  idleTimeoutMs: number;
  prebuffer: GopBufferLimits;
  process: Pick<SupervisedProcessOptions, 'firstOutputTimeoutMs' | 'stallTimeoutMs' | 'killTimeoutMs' | 'backoff' | 'spawn'>;
  timers: Timers;
  logger: MediaLogger;
  onStatus: (status: StreamStatus) => void;
}

/**
 * One stream of one camera: exactly one upstream ffmpeg however many consumers, started on the first consumer (or at
 * once when prebuffering), stopped idleTimeoutMs after the last one left; reconnects with backoff while consumers stay.
 * The init segment, prebuffer and consumers are the `StreamFanout`'s, what ffmpeg is asked to do (and its codec
 * re-planning) the `StreamPlan`'s; this class runs the upstream.
 */
export class CameraStream {
  readonly key: string;
  private readonly media: StreamFanout;
  private plan!: StreamPlan;
  private proc: SupervisedProcess | null = null;
  private lastArgs: string[] = [];
  private readonly ingest = new StreamIngest();
  private state: StreamState = 'idle';
  private reason: StreamProblemInfo | null = null;
  private since = Date.now();
  private idleTimer: (() => void) | null = null;
  private closed = false;
  private counters = { upstreamStarts: 0, bytesIn: 0, fragmentsIn: 0, reconnects: 0 };

  constructor(
    readonly camera: string,
    readonly stream: StreamName,
    settings: StreamSettings,
    private policy: StreamPolicy,
    private readonly ctx: CameraStreamContext,
  ) {
    this.key = streamKey(camera, stream);
    this.media = new StreamFanout(this.bufferLimits());
    this.configure(settings);
    if (policy.prebuffering) this.ensureRunning();
  }

  get viewers(): number {
    return this.media.viewers;
  }

  attach(options: AttachOptions): Consumer {
    if (this.closed) throw new MediaError('HUB_CLOSED', 'the stream hub is closed');
    const consumer = new Consumer(this.camera, this.stream, options, (c) => this.detach(c));
    this.media.add(consumer);
    this.cancelIdleStop();
    this.ensureRunning();
    return consumer;
  }

  status(): StreamStatus {
    return {
      camera: this.camera, stream: this.stream, key: this.key, state: this.state,
      ...(this.reason ? { reason: { code: this.reason.code, message: this.reason.message } } : {}),
      since: this.since,
      ...(this.media.init ? { codecs: this.media.init.codecs, mimeType: this.media.init.mimeType } : {}),
      transcoding: this.plan.transcoding,
      consumers: this.media.size, viewers: this.viewers,
    };
  }

  stats(): StreamStats {
    return {
      ...this.counters,
      ...(this.proc?.pid ? { pid: this.proc.pid } : {}),
      ...this.media.totals(), consumers: this.media.consumerStats(),
      buffer: this.media.gops.stats,
    };
  }

  /** The init segment and buffered fragments from a keyframe at or before `sinceMs` (default: newest keyframe). */
  prebuffer(sinceMs?: number): { init: InitSegment; fragments: MediaFragment[] } | null {
    return this.media.prebuffer(sinceMs);
  }

  latestKeyframe(): { init: InitSegment; fragment: MediaFragment } | null {
    return this.media.latestKeyframe();
  }

  /** Resolves true at the next buffered keyframe, false after timeoutMs. */
  waitForKeyframe(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (ok: boolean): void => {
        cancel();
        stopWaiting();
        resolve(ok);
      };
      const cancel = this.ctx.timers.setTimer(timeoutMs, () => done(false));
      const stopWaiting = this.media.onKeyframe(() => done(true));
    });
  }

  /** Applies new settings; a changed source restarts the upstream (consumers stay attached). */
  async update(settings: StreamSettings, policy: StreamPolicy): Promise<void> {
    const changed = JSON.stringify(settings) !== JSON.stringify(this.plan.settings);
    this.policy = policy;
    this.media.gops.setLimits(this.bufferLimits());
    if (changed) {
      await this.stopUpstream();
      this.configure(settings);
    }
    if (this.policy.prebuffering || this.media.size > 0) this.ensureRunning();
    else if (!this.idleTimer && this.proc) this.scheduleIdleStop();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelIdleStop();
    this.media.closeAll();
    await this.stopUpstream();
  }

  private configure(settings: StreamSettings): void {
    this.plan = new StreamPlan(this.camera, settings);
    this.media.clear();
    const { refusal } = this.plan;
    if (refusal === null) this.setState('idle');
    else this.setState('error', { code: 'INVALID_SOURCE', message: this.plan.redact(refusal), config: true });
  }

  private bufferLimits(): GopBufferLimits {
    const seconds = this.policy.prebufferSeconds;
    return seconds === undefined ? this.ctx.prebuffer : { ...this.ctx.prebuffer, maxSeconds: seconds };
  }

  private ensureRunning(): void {
    const { plan } = this;
    const source = plan.source;
    if (this.closed || this.proc || !source) return;
    const proc = new SupervisedProcess({
      ...this.ctx.process,
      command: this.ctx.ffmpegPath,
      args: () => (this.lastArgs = plan.args(source, this.ctx)),
      redact: plan.redact,
      timers: this.ctx.timers,
    });
    this.proc = proc;
    proc.on('spawn', ({ pid, attempt }) => {
      this.counters.upstreamStarts += 1;
      if (attempt > 1) this.counters.reconnects += 1; // a retry or restart of the same run, not an on-demand start
      this.ingest.newRun();
      this.media.resync();
      const args = redactArgs(this.lastArgs).map(this.plan.redact).join(' ');
      this.ctx.logger.debug({ stream: this.key, pid, attempt, args }, 'upstream ffmpeg started');
    });
    proc.on('data', (chunk) => this.onData(chunk));
    proc.on('exit', (exit) => this.onExit(proc, exit));
    proc.on('retry', ({ delayMs, attempt }) => {
      this.ctx.logger.debug({ stream: this.key, delayMs, attempt }, 'upstream retry scheduled');
    });
    if (this.state === 'idle') this.setState('starting');
    proc.start();
  }

  private onData(chunk: Buffer): void {
    this.counters.bytesIn += chunk.length;
    let segments: Fmp4Segment[];
    try {
      segments = this.ingest.push(chunk);
    } catch (error) {
      this.ctx.logger.warn({ stream: this.key, error: this.plan.redact(String(error)) }, 'unreadable ffmpeg output, restarting');
      this.proc?.restart();
      return;
    }
    for (const segment of segments) {
      if (segment.type === 'init') this.onInit(segment);
      else this.onFragment(segment.data, segment.info);
    }
  }

  private onInit(segment: Extract<Fmp4Segment, { type: 'init' }>): void {
    if (this.plan.replanForCodecs(segment.info)) {
      this.ctx.logger.info({ stream: this.key, codecs: segment.info.codecs, plan: this.plan.output }, 'transcoding the camera codec');
      this.proc?.restart();
      return;
    }
    if (this.media.init?.data.equals(segment.data)) return;
    this.media.setInit({ type: 'init', data: segment.data, codecs: segment.info.codecs, mimeType: segment.info.mimeType, info: segment.info });
  }

  private onFragment(data: Buffer, parsed: FragmentInfo): void {
    const init = this.media.init;
    if (!init) return;
    const fragment = this.ingest.fragment(data, parsed, init);
    if (!fragment) return; // only a video sample without a picture: nothing to deliver
    this.counters.fragmentsIn += 1;
    this.media.push(fragment);
    if (this.state !== 'streaming') this.setState('streaming');
  }

  private onExit(proc: SupervisedProcess, exit: ProcessExit): void {
    if (exit.reason === 'stopped' || exit.reason === 'restarted') return;
    const problem = describeExit(exit);
    this.media.clearBuffer();
    if (problem.code === 'UNSUPPORTED_CODEC' && this.plan.replanAfterUnsupportedCodec(exit.stderr)) {
      this.ctx.logger.info({ stream: this.key, plan: this.plan.output }, 'codec cannot be copied into MP4, retrying with another plan');
      if (exit.willRetry) proc.restart();
      return;
    }
    // While it retries, the state change below is the Console's line (once, with the reason); an end without one warns.
    const ended = { stream: this.key, reason: problem.code, detail: problem.message, code: exit.code, signal: exit.signal, runMs: exit.runMs };
    this.ctx.logger[exit.willRetry ? 'debug' : 'warn'](ended, 'upstream ffmpeg ended');
    if (exit.willRetry) this.setState(problem.config ? 'error' : 'offline', problem);
  }

  private async stopUpstream(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (proc) await proc.stop();
    this.media.clear();
    if (this.plan.refusal === null) this.setState('idle');
  }

  private scheduleIdleStop(): void {
    this.cancelIdleStop();
    this.idleTimer = this.ctx.timers.setTimer(this.ctx.idleTimeoutMs, () => {
      this.idleTimer = null;
      if (this.media.size === 0 && !this.policy.prebuffering) void this.stopUpstream();
    });
  }

  private cancelIdleStop(): void {
    this.idleTimer?.();
    this.idleTimer = null;
  }

  private detach(consumer: Consumer): void {
    if (!this.media.delete(consumer)) return;
    if (this.media.size === 0 && !this.policy.prebuffering && !this.closed) this.scheduleIdleStop();
  }

  private setState(state: StreamState, reason: StreamProblemInfo | null = null): void {
    if (state === this.state && reason?.code === this.reason?.code && reason?.message === this.reason?.message) return;
    this.state = state;
    this.reason = reason;
    this.since = Date.now();
    this.ctx.onStatus(this.status());
  }
}
