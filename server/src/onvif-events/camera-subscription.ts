import type { OnvifEventState } from '@homecam/shared';
import { OnvifCallError } from './soap-client.js';
import { PullPoint, type CameraEndpoint, type OnvifNotification } from './pull-point.js';

/**
 * The event loop of one camera: subscribe, long-poll PullMessages, renew before half the subscription is used up;
 * on any failure (camera restarted and forgot the pull point, network gone, credentials refused) drop the
 * subscription, wait with a doubling back-off and subscribe again. Stopping aborts the call in flight and
 * unsubscribes (best effort: the camera forgets an unrenewed subscription anyway).
 */

export interface OnvifEventsTiming {
  /** Asked subscription length (InitialTerminationTime / Renew), seconds. */
  subscriptionSeconds: number;
  /** Longest PullMessages wait, seconds (ONVIF devices grant at least 60). */
  pullSeconds: number;
  /** Deadline of a call, on top of the pull's wait. */
  requestTimeoutMs: number;
  /** Back-off after a failure: starts here, doubles up to retryMaxMs. */
  retryMinMs: number;
  retryMaxMs: number;
  /**
   * A new last-event time is pushed to the camera form at most this often per camera (the first at once, the latest
   * after the wait): a camera sends motion many times a second, and the form only shows the time. State changes
   * are pushed at once.
   */
  lastEventPushMs: number;
}

export const DEFAULT_TIMING: OnvifEventsTiming = { subscriptionSeconds: 120, pullSeconds: 30, requestTimeoutMs: 10_000, retryMinMs: 2_000, retryMaxMs: 60_000, lastEventPushMs: 5_000 };

/** The longest wait for the camera to confirm an Unsubscribe. */
const UNSUBSCRIBE_TIMEOUT_MS = 3_000;
/** Notifications asked for per pull. */
const MESSAGE_LIMIT = 10;

export interface SubscriptionReport {
  state: OnvifEventState;
  /** Why it is retrying (English, no credentials), else null. */
  error: string | null;
}

export interface SubscriptionHandlers {
  notification(notification: OnvifNotification): void;
  status(report: SubscriptionReport): void;
}

export class CameraSubscription {
  private readonly abort = new AbortController();
  private readonly pullPoint: PullPoint;
  private loop: Promise<void> | null = null;

  constructor(
    endpoint: CameraEndpoint,
    private readonly timing: OnvifEventsTiming,
    private readonly handlers: SubscriptionHandlers,
  ) {
    this.pullPoint = new PullPoint(endpoint, timing.requestTimeoutMs);
  }

  start(): void {
    this.handlers.status({ state: 'connecting', error: null });
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
    if (!this.pullPoint.subscribed) return;
    // Short: a camera that does not answer must not hold up HomeCam's shutdown (it forgets the subscription in time).
    await this.pullPoint.unsubscribe(AbortSignal.timeout(Math.min(this.timing.requestTimeoutMs, UNSUBSCRIBE_TIMEOUT_MS))).catch(() => undefined);
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    let delay = this.timing.retryMinMs;
    while (!this.stopped) {
      try {
        await this.step();
        delay = this.timing.retryMinMs;
      } catch (error) {
        if (this.stopped) return;
        this.pullPoint.forget();
        this.handlers.status({ state: 'retrying', error: describe(error) });
        await sleep(delay, this.abort.signal);
        delay = Math.min(delay * 2, this.timing.retryMaxMs);
      }
    }
  }

  /** One turn: subscribe if needed, renew when due, else pull and hand on what came. */
  private async step(): Promise<void> {
    const { subscriptionSeconds, pullSeconds } = this.timing;
    const signal = this.abort.signal;
    if (!this.pullPoint.subscribed) {
      await this.pullPoint.subscribe(subscriptionSeconds, signal);
      this.handlers.status({ state: 'connected', error: null });
      return;
    }
    const renewAt = this.pullPoint.terminatesAt - (subscriptionSeconds * 1000) / 2;
    const untilRenewal = renewAt - Date.now();
    if (untilRenewal <= 0) {
      await this.pullPoint.renew(subscriptionSeconds, signal);
      return;
    }
    const messages = await this.pullPoint.pull(Math.min(pullSeconds, Math.floor(untilRenewal / 1000)), MESSAGE_LIMIT, signal);
    for (const message of messages) this.handlers.notification(message);
  }
}

function describe(error: unknown): string {
  if (error instanceof OnvifCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
