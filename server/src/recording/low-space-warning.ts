import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

const GiB = 1024 ** 3;

/**
 * How little free space on the recordings disk is worth a warning: a tenth of the disk, at most 5 GiB (a busy
 * install writes a few GB an hour). On the probe's 30 MB disk that is 3 MB, about half a minute of two cameras.
 */
export function lowSpaceThreshold(totalBytes: number): number {
  return Math.min(totalBytes / 10, 5 * GiB);
}

/** How often the disk is looked at, at most: a clip starts every few seconds on a busy install. */
const CHECK_EVERY_MS = 30_000;
/** The periodic look when nothing records (another program filling the disk). */
const PERIOD_MS = 10 * 60_000;
/** Warned once; warned again only after the free space came back above this many times the threshold. */
const REARM_FACTOR = 1.5;

export interface LowSpaceWarningDeps {
  /** Free and total bytes of the disk new recordings go to. */
  space(): Promise<DiskSpace>;
  /** Raises the WARN notification (English; the notification list and alerts carry it). */
  warn(message: string): Promise<unknown>;
  bus: Pick<EventBus, 'subscribe'>;
  clock: Clock;
  /** Tests: another threshold (bytes for a disk of `totalBytes`). */
  threshold?: ((totalBytes: number) => number) | undefined;
  onError?: (error: unknown) => void;
}

/**
 * D2/F15: a fresh install (no `recordings.minFreeGB`, no `maxSizeGB`) said nothing until the disk was full and
 * recordings failed (ERROR). This looks at the recordings disk as clips start and every 10 minutes, and raises one
 * WARN notification when its free space falls below lowSpaceThreshold, before anything fails. It deletes nothing:
 * that stays the retention rules' job (Settings → Recordings).
 */
export class LowSpaceWarning {
  private warned = false;
  private lastCheck = -Infinity;
  private running: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private cancelTimer: (() => void) | null = null;

  constructor(private readonly deps: LowSpaceWarningDeps) {}

  start(): void {
    this.unsubscribe = this.deps.bus.subscribe('RecordingStarted', () => void this.check());
    const tick = (): void => {
      void this.check(true);
      this.cancelTimer = this.deps.clock.setTimer(PERIOD_MS, tick);
    };
    tick();
  }

  stop(): void {
    this.unsubscribe?.();
    this.cancelTimer?.();
    this.unsubscribe = this.cancelTimer = null;
  }

  /** Looks at the disk unless it was looked at within the last 30 s (`force`: look anyway). Never rejects. */
  check(force = false): Promise<void> {
    const now = this.deps.clock.now();
    if (this.running || (!force && now - this.lastCheck < CHECK_EVERY_MS)) return this.running ?? Promise.resolve();
    this.lastCheck = now;
    this.running = this.look()
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async look(): Promise<void> {
    const { freeBytes, totalBytes } = await this.deps.space();
    const threshold = (this.deps.threshold ?? lowSpaceThreshold)(totalBytes);
    if (freeBytes >= threshold * REARM_FACTOR) this.warned = false;
    if (freeBytes >= threshold || this.warned) return;
    this.warned = true;
    await this.deps.warn(
      `Only ${formatBytes(freeBytes)} free on the recordings disk (of ${formatBytes(totalBytes)}): recordings will fail ` +
        'when it is full. Delete recordings, or set a minimum free space or a maximum size in Settings → Recordings.',
    );
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= GiB) return `${(bytes / GiB).toFixed(1)} GB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
