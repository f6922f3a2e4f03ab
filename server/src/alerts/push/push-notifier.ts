import { PUSH_TTL_SECONDS, type Notification } from '@homecam/shared';
import type { EventBus } from '../../events/event-bus.js';
import type { PushDelivery, PushService } from '../../services/push.service.js';
import { endpointOrigin, type SendPush } from './push-sender.js';

export interface PushNotifierLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

export interface PushNotifierDeps {
  push: PushService;
  send: SendPush;
  bus: EventBus;
  log: PushNotifierLogger;
  /** Pushes in flight at once, across all notifications (default 4): a burst of events must not open 100 sockets. */
  concurrency?: number | undefined;
  /** Pushes waiting beyond this are dropped with a warning (default 500): a dead push service must not grow memory. */
  maxQueued?: number | undefined;
  /** Told of every push that failed (a safe message: origin and problem, never the endpoint path or keys). */
  onFailure?: ((message: string) => void) | undefined;
}

/**
 * Sends a web push for every new notification, off the event path: the bus listener only starts the work, every
 * error is caught and logged. Logs name the push service by origin only; the endpoint path and keys are secrets.
 */
/** A queued push; `done` (the alert pipeline's push channel) hears its outcome: null = delivered or gone. */
type QueuedPush = PushDelivery & { done?: (problem: string | null) => void };

export class PushNotifier {
  private readonly queue: QueuedPush[] = [];
  private active = 0;
  private readonly stopping = new AbortController();
  private idleWaiters: (() => void)[] = [];
  /** Recipients whose push is being sent now (deliver() tells queued-or-running from dropped). */
  private readonly running = new Set<PushDelivery['recipient']>();
  private unsubscribe: (() => void) | null = null;
  /** Deliveries still being worked out (the database query before they reach the queue). */
  private preparing = 0;

  constructor(private readonly deps: PushNotifierDeps) {}

  start(): void {
    this.unsubscribe = this.deps.bus.subscribe('NotificationCreated', ({ notification }) => this.notify(notification));
  }

  /** Stops listening, cancels what is in flight and waits for it to settle (the database closes after this). */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const dropped of this.queue.splice(0)) dropped.done?.('push stopped');
    this.stopping.abort();
    await this.idle();
  }

  /** Resolves when nothing is queued or in flight. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * The alert pipeline's 'push' channel: this notification's pushes (only to `userId`'s devices when given) through
   * the same queue, resolving once each settled with the problems of those that failed (safe messages).
   */
  async deliver(notification: Notification, userId?: number): Promise<{ sent: number; problems: string[] }> {
    if (this.stopping.signal.aborted) return { sent: 0, problems: [] };
    this.preparing += 1;
    let deliveries: PushDelivery[];
    try {
      deliveries = await this.deps.push.deliveriesFor(notification, userId);
    } finally {
      this.preparing -= 1;
    }
    const problems: string[] = [];
    await Promise.all(
      deliveries.map(
        (delivery) =>
          new Promise<void>((resolve) => {
            const done = (problem: string | null): void => {
              if (problem) problems.push(problem);
              resolve();
            };
            this.enqueue([{ ...delivery, done }]);
            // A full queue or a stop drops it: counted as a problem instead of waiting forever.
            if (!this.queue.some((queued) => queued.recipient === delivery.recipient) && !this.running.has(delivery.recipient)) {
              problems.push('push queue full');
              resolve();
            }
          }),
      ),
    );
    this.settle();
    return { sent: deliveries.length - problems.length, problems };
  }

  private notify(notification: Notification): void {
    if (this.stopping.signal.aborted) return;
    this.preparing += 1;
    this.deps.push
      .deliveriesFor(notification)
      .then((deliveries) => this.enqueue(deliveries))
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'push recipients not found'))
      .finally(() => {
        this.preparing -= 1;
        this.settle();
      });
  }

  private enqueue(deliveries: QueuedPush[]): void {
    if (this.stopping.signal.aborted) return;
    const max = this.deps.maxQueued ?? 500;
    const room = Math.max(0, max - this.queue.length);
    if (deliveries.length > room) this.deps.log.warn({ dropped: deliveries.length - room }, 'push queue full: pushes dropped');
    this.queue.push(...deliveries.slice(0, room));
    this.pump();
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 4;
    while (this.active < limit && this.queue.length > 0) {
      const delivery = this.queue.shift();
      if (!delivery) break;
      this.active += 1;
      this.running.add(delivery.recipient);
      this.send(delivery)
        .then((problem) => delivery.done?.(problem))
        .catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'push delivery failed');
          delivery.done?.('push delivery failed');
        })
        .finally(() => {
          this.running.delete(delivery.recipient);
          this.active -= 1;
          this.pump();
          this.settle();
        });
    }
  }

  private async send({ recipient, payload, urgency }: PushDelivery): Promise<string | null> {
    const keys = await this.deps.push.keys();
    const result = await this.deps.send(recipient, { payload: JSON.stringify(payload), ttlSeconds: PUSH_TTL_SECONDS, urgency }, keys, this.stopping.signal);
    const origin = endpointOrigin(recipient.endpoint);
    if (result.outcome === 'delivered') {
      this.deps.log.debug({ origin, userId: recipient.userId }, 'push delivered');
    } else if (result.outcome === 'gone') {
      await this.deps.push.forget(recipient.id);
      this.deps.log.info({ origin, status: result.status, userId: recipient.userId }, 'push subscription gone: removed');
    } else if (!this.stopping.signal.aborted) {
      this.deps.log.warn({ origin, status: result.status, problem: result.problem, userId: recipient.userId }, 'push not delivered');
      this.deps.onFailure?.(`${origin}: ${result.problem}`);
      return `${origin}: ${result.problem}`;
    }
    return null;
  }

  private isIdle(): boolean {
    return this.active === 0 && this.queue.length === 0 && this.preparing === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
