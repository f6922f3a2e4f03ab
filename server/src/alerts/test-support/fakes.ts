import type { AlertChannelId, Camera, Notification } from '@homecam/shared';
import { EventBus } from '../../events/event-bus.js';
import { FakeClock } from '../../lib/fake-clock.js';
import { AlertPipeline, type AlertPipelineDeps } from '../alert-pipeline.js';
import type { Alert, AlertChannel } from '../channel.js';
import type { AlertLogger } from '../channel-worker.js';
import { EventMedia } from '../event-media.js';

export const quietLog: AlertLogger & { warnings: string[] } = {
  warnings: [],
  debug: () => undefined,
  info: () => undefined,
  warn(_context, message) {
    this.warnings.push(message);
  },
  error: () => undefined,
};

let seq = 0;
export function notification(over: Partial<Notification> = {}): Notification {
  seq += 1;
  return {
    id: `n${seq}`,
    camera: 'Garden',
    room: 'Outside',
    type: 'motion',
    level: 'event',
    title: 'Garden',
    message: 'Motion',
    label: 'motion',
    trigger: 'motion',
    recordingId: null,
    thumbnail: null,
    timestamp: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A channel whose deliveries the test settles by hand (or by a behaviour per call). */
export class FakeChannel implements AlertChannel {
  readonly received: { alert: Alert; signal: AbortSignal; at: number }[] = [];
  on = true;
  accept: (alert: Alert) => boolean = () => true;
  behaviour: (call: number, signal: AbortSignal) => Promise<void | 'nobody'> = () => Promise.resolve();
  testResult: () => Promise<{ detail: string }> = () => Promise.resolve({ detail: 'ok' });

  constructor(
    readonly id: AlertChannelId,
    private readonly clock: FakeClock,
  ) {}

  enabled(): boolean {
    return this.on;
  }

  accepts(alert: Alert): boolean {
    return this.accept(alert);
  }

  deliver(alert: Alert, signal: AbortSignal): Promise<void | 'nobody'> {
    this.received.push({ alert, signal, at: this.clock.now() });
    return this.behaviour(this.received.length, signal);
  }

  test(): Promise<{ detail: string }> {
    return this.testResult();
  }
}

/** Lets pending promise callbacks run (no time passes). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function setup(over: Partial<AlertPipelineDeps> & { cameras?: Record<string, Partial<Camera>>; levels?: ('WARN' | 'ERROR')[] } = {}) {
  const { cameras, levels, worker, ...rest } = over;
  const clock = new FakeClock();
  const bus = new EventBus();
  const live: string[] = [];
  const media = new EventMedia({
    bus,
    clock,
    thumbnail: () => Promise.resolve(null),
    liveSnapshot: (camera) => {
      live.push(camera);
      return Promise.resolve(Buffer.from(`live ${camera}`));
    },
    clipFile: (recording) => Promise.resolve({ path: `/clips/${recording.id}.mp4`, bytes: recording.sizeBytes, mimeType: 'video/mp4' as const }),
    clipWaitMs: 60_000,
  });
  const pipeline = new AlertPipeline({
    bus,
    clock,
    log: quietLog,
    media,
    camera: (name) => (cameras?.[name] as Camera | undefined) ?? null,
    alertLevels: () => levels ?? [],
    worker: { backoffMs: 1_000, attemptTimeoutMs: 15_000, maxAttempts: 4, queueSize: 3, concurrency: 1, ...worker },
    ...rest,
  });
  pipeline.start();
  const publish = (n: Notification = notification()): Notification => {
    bus.publish('NotificationCreated', { notification: n });
    return n;
  };
  return { clock, bus, pipeline, publish, live, channel: (id: AlertChannelId) => new FakeChannel(id, clock) };
}
