import type { AlertChannelId, AlertChannelStatus, Camera, Notification } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { AlertChannel } from './channel.js';
import { ChannelWorker, DEFAULT_WORKER_OPTIONS, messageOf, type AlertLogger, type ChannelWorkerOptions } from './channel-worker.js';
import type { EventMedia } from './event-media.js';

export interface AlertPipelineDeps {
  bus: EventBus;
  clock: Clock;
  log: AlertLogger;
  media: EventMedia;
  /** The camera as configured now (null: unknown or a system notification). */
  camera(name: string): Camera | null;
  /** config.json `notifications.alertLevels`: which system levels reach the channels. */
  alertLevels(): readonly ('WARN' | 'ERROR')[];
  worker?: Partial<ChannelWorkerOptions> | undefined;
  /** "Send a test" gives up after this long (default 20 s). */
  testTimeoutMs?: number | undefined;
}

export interface RegisterOptions {
  /** System notifications reach this channel whatever `alertLevels` says (web push: its own permission rule). */
  allSystemLevels?: boolean;
  /** This channel's own queue tuning (web push fans out to many devices per alert: a longer time-out). */
  worker?: Partial<ChannelWorkerOptions>;
}

/**
 * The one alert pipeline (issue 9): every NotificationCreated becomes one Alert (snapshot and clip fetched once,
 * shared) handed to each registered channel that is on, allowed for the camera and accepts it, through the
 * channel's own ChannelWorker. The bus listener only enqueues: nothing here can hold up the recording, the socket
 * notification or another channel.
 */
export class AlertPipeline {
  private readonly workers = new Map<AlertChannelId, { worker: ChannelWorker; options: RegisterOptions }>();
  /** Each id where it was first registered: a channel registered again (a test's fake) keeps its place. */
  private readonly order: AlertChannelId[] = [];
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly deps: AlertPipelineDeps) {}

  /** Adds a channel (the runtime does, one per channel); returns the function that removes it again. */
  register(channel: AlertChannel, options: RegisterOptions = {}): () => void {
    if (this.workers.has(channel.id)) throw new Error(`alert channel '${channel.id}' is registered twice`);
    const worker = new ChannelWorker(channel, this.deps.clock, this.deps.log, { ...DEFAULT_WORKER_OPTIONS, ...this.deps.worker, ...options.worker });
    this.workers.set(channel.id, { worker, options });
    if (!this.order.includes(channel.id)) this.order.push(channel.id);
    return () => {
      if (this.workers.get(channel.id)?.worker !== worker) return;
      this.workers.delete(channel.id);
      void worker.stop();
    };
  }

  start(): void {
    this.stopped = false;
    this.deps.media.start();
    this.unsubscribe = this.deps.bus.subscribe('NotificationCreated', ({ notification }) => this.dispatch(notification));
  }

  /** Stops listening, drops what waits and cancels what is in flight (shutdown); resolves when all settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.deps.media.stop();
    await Promise.all([...this.workers.values()].map(({ worker }) => worker.stop()));
  }

  /** Resolves when no channel has anything queued or in flight (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.workers.values()].map(({ worker }) => worker.idle()));
  }

  /** The registered channels, in the order they were first registered (web push, then the registry's). */
  ids(): AlertChannelId[] {
    return this.order.filter((id) => this.workers.has(id));
  }

  status(): AlertChannelStatus[] {
    return this.ids().map((id) => this.workers.get(id)!.worker.status());
  }

  channelStatus(id: AlertChannelId): AlertChannelStatus | null {
    return this.workers.get(id)?.worker.status() ?? null;
  }

  /** "Send a test": through the channel's real path, bounded in time; the outcome shows in the channel's status. */
  async test(id: string, requester: { userId: number }): Promise<{ ok: true; detail: string }> {
    const entry = this.workers.get(id);
    if (!entry) throw new AppError('ALERT_CHANNEL_UNKNOWN', `no alert channel '${id}'`);
    const { worker } = entry;
    if (!worker.status().enabled) throw new AppError('ALERT_CHANNEL_DISABLED', `the alert channel '${id}' is switched off`);
    const timeoutMs = this.deps.testTimeoutMs ?? 20_000;
    const controller = new AbortController();
    const cancel = this.deps.clock.setTimer(timeoutMs, () => controller.abort(new Error(`no answer within ${timeoutMs} ms`)));
    try {
      const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }));
      const { detail } = await Promise.race([worker.channel.test(controller.signal, requester), aborted]);
      worker.succeeded();
      return { ok: true, detail };
    } catch (error) {
      worker.fail(messageOf(error));
      const message = worker.status().lastError?.message ?? 'failed';
      throw new AppError('ALERT_TEST_FAILED', `the test through '${id}' failed: ${message}`);
    } finally {
      cancel();
    }
  }

  private dispatch(notification: Notification): void {
    if (this.stopped || this.workers.size === 0) return;
    const camera = notification.camera ? this.deps.camera(notification.camera) : null;
    const system = notification.level !== 'event';
    const levelAllowed = !system || this.deps.alertLevels().includes(notification.level as 'WARN' | 'ERROR');
    const alert = this.deps.media.alertFor(notification, camera);
    for (const [id, { worker, options }] of this.workers) {
      if (!levelAllowed && !options.allSystemLevels) continue;
      if (camera?.alertChannels && !(camera.alertChannels as readonly string[]).includes(id)) continue;
      try {
        if (worker.channel.enabled() && worker.channel.accepts(alert)) worker.enqueue(alert);
      } catch (error) {
        // A channel whose settings check throws is skipped for this alert only; the others still get it.
        worker.fail(messageOf(error));
        this.deps.log.error({ channel: id, err: error }, 'alert channel check failed');
      }
    }
  }
}
