import type { AlertChannelOffReason, AlertChannelStatus, ProblemCode } from '@homecam/shared';
import { quote, writeAudit, type AuditLevel } from '../audit/audit-record.js';
import type { Clock } from '../lib/clock.js';
import { redactSecrets } from '../integrations/integration.js';
import { problemCodeOf } from '../integrations/problem-code.js';
import { TransientAlertError, type Alert, type AlertChannel } from './channel.js';

export interface AlertLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

export interface ChannelWorkerOptions {
  /** Alerts waiting beyond this are dropped (counted, logged): a dead service must not grow memory. */
  queueSize: number;
  /** Deliveries in flight at once for this channel. */
  concurrency: number;
  /** One attempt longer than this is aborted and counts as a transient failure. */
  attemptTimeoutMs: number;
  /** Attempts per alert, the first included. */
  maxAttempts: number;
  /** The wait before the 2nd attempt; doubled for each further one. */
  backoffMs: number;
  /** No wait is longer than this, whatever a service asks in retry-after. */
  maxBackoffMs: number;
}

export const DEFAULT_WORKER_OPTIONS: ChannelWorkerOptions = {
  queueSize: 100,
  concurrency: 2,
  attemptTimeoutMs: 15_000,
  maxAttempts: 4,
  backoffMs: 2_000,
  maxBackoffMs: 5 * 60_000,
};

/** Thrown into in-flight work when the pipeline stops: final, never retried, not counted as the channel's error. */
class StoppedError extends Error {
  constructor() {
    super('the alert pipeline stopped');
  }
}

/**
 * One channel's queue: its own bound, concurrency, per-attempt time-out and retries, so a slow or failing channel
 * only ever holds up itself. Attempts are raced against their abort signal: a channel that ignores the signal still
 * frees its slot at the time-out. Waits run on the server clock (a FakeClock in tests).
 */
export class ChannelWorker {
  private readonly queue: Alert[] = [];
  private active = 0;
  private stopped = false;
  private readonly inflight = new Set<AbortController>();
  private readonly cancelWaits = new Set<() => void>();
  private idleWaiters: (() => void)[] = [];
  private counts = { dropped: 0, sent: 0 };
  private lastSuccessAt: string | null = null;
  private lastError: AlertChannelStatus['lastError'] = null;

  constructor(
    readonly channel: AlertChannel,
    private readonly clock: Clock,
    private readonly log: AlertLogger,
    private readonly options: ChannelWorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {}

  enqueue(alert: Alert): void {
    if (this.stopped) return;
    if (this.queue.length >= this.options.queueSize) {
      this.counts.dropped += 1;
      this.log.warn({ channel: this.channel.id, notification: alert.notification.id, queued: this.queue.length }, 'alert queue full: alert dropped');
      return;
    }
    this.queue.push(alert);
    this.pump();
  }

  status(): AlertChannelStatus {
    let enabled = false;
    let off: AlertChannelOffReason | null = 'SWITCHED_OFF';
    try {
      enabled = this.channel.enabled();
      off = enabled ? null : (this.channel.offReason?.() ?? 'SWITCHED_OFF');
    } catch {
      // A channel whose settings cannot be read shows as off rather than breaking the whole list.
    }
    return { channel: this.channel.id, enabled, off, queued: this.queue.length, ...this.counts, lastSuccessAt: this.lastSuccessAt, lastError: this.lastError };
  }

  /** Records a failure that did not go through the queue (e.g. "send a test"); the code is read from the message unless given. */
  fail(message: string, code?: ProblemCode): void {
    const text = redactSecrets(message);
    this.lastError = { code: code ?? problemCodeOf(text), message: text, at: this.iso() };
  }

  succeeded(): void {
    this.lastSuccessAt = this.iso();
  }

  /** Drops what waits, aborts what runs, and resolves once every delivery has settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    for (const cancel of [...this.cancelWaits]) cancel();
    for (const controller of [...this.inflight]) controller.abort(new StoppedError());
    await this.idle();
  }

  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (!this.stopped && this.active < this.options.concurrency && this.queue.length > 0) {
      const alert = this.queue.shift()!;
      this.active += 1;
      void this.run(alert).finally(() => {
        this.active -= 1;
        this.pump();
        if (this.active === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async run(alert: Alert): Promise<void> {
    try {
      if ((await this.attempts(alert)) === 'nobody') {
        this.log.debug({ channel: this.channel.id, notification: alert.notification.id }, 'alert had nobody to go to');
        return;
      }
      this.counts.sent += 1;
      this.succeeded();
      this.report(alert, 'info', 'sent');
    } catch (error) {
      if (error instanceof StoppedError) return;
      this.counts.dropped += 1;
      this.fail(messageOf(error));
      this.report(alert, 'warn', `not delivered: ${this.lastError?.message ?? 'failed'}`);
    }
  }

  /** The audit trail's line of a delivery: channel, camera (or the system notification's title), outcome. */
  private report(alert: Alert, level: AuditLevel, outcome: string): void {
    const { id: notification, camera, title } = alert.notification;
    const channel = this.channel.id;
    const about = camera === null ? quote(title) : `for ${quote(camera)}`;
    writeAudit(this.log, {
      level,
      source: channel === 'push' ? 'push' : 'alerts',
      subject: { channel, notification, ...(camera !== null && { camera }) },
      message: `alert ${about} via ${channel} ${outcome}`,
    });
  }

  private async attempts(alert: Alert): Promise<void | 'nobody'> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(alert);
      } catch (error) {
        if (this.stopped) throw new StoppedError();
        if (!(error instanceof TransientAlertError) || attempt >= this.options.maxAttempts) throw error;
        this.fail(messageOf(error));
        const backoff = this.options.backoffMs * 2 ** (attempt - 1);
        const wait = Math.min(Math.max(backoff, error.retryAfterMs ?? 0), this.options.maxBackoffMs);
        this.log.info({ channel: this.channel.id, attempt, retryInMs: wait, problem: this.lastError?.message }, 'alert failed: retrying');
        await this.wait(wait);
      }
    }
  }

  /** One delivery, aborted at the time-out (a transient failure) or at stop. */
  private async attempt(alert: Alert): Promise<void | 'nobody'> {
    const controller = new AbortController();
    this.inflight.add(controller);
    const timeoutMs = this.options.attemptTimeoutMs;
    const cancel = this.clock.setTimer(timeoutMs, () => controller.abort(new TransientAlertError(`no answer within ${timeoutMs} ms`)));
    try {
      return await Promise.race([this.channel.deliver(alert, controller.signal), rejectOnAbort(controller.signal)]);
    } finally {
      cancel();
      this.inflight.delete(controller);
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        this.cancelWaits.delete(abort);
        cancel();
      };
      const abort = (): void => {
        done();
        reject(new StoppedError());
      };
      const cancel = this.clock.setTimer(ms, () => {
        done();
        resolve();
      });
      this.cancelWaits.add(abort);
    });
  }

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
