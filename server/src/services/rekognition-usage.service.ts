import { REKOGNITION_DEFAULT_CONTINGENT } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import type { RekognitionUsageRepository } from '../repositories/rekognition-usage.repository.js';
import type { ConfigService } from './config.service.js';

export interface RekognitionUsage {
  /** UTC `YYYY-MM` these numbers are for (the current month). */
  month: string;
  total: number;
  used: number;
  left: number;
  /** ISO time of the last call, or null (kept across months, as camera.ui's `last_rekognition`). */
  lastCall: string | null;
}

export interface RekognitionUsageDeps {
  usage: RekognitionUsageRepository;
  config: ConfigService;
  clock: Clock;
}

/** The calendar month in UTC: the server's time zone must not move the reset (and tests stay deterministic). */
export function usageMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/**
 * The self-imposed monthly budget of Rekognition calls (camera.ui's contingent). The analysis (issue 9) asks
 * `tryConsume()` before each call: it counts the call, or refuses when the month's budget is used up. A new
 * month starts from zero on its first call (and reads as zero before). Left = total − used, so a changed total
 * applies at once.
 */
export class RekognitionUsageService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RekognitionUsageDeps) {}

  /** config.json `aws.contingent_total`, camera.ui's default 5000. */
  total(): number {
    return this.deps.config.get().aws?.contingent_total ?? REKOGNITION_DEFAULT_CONTINGENT;
  }

  async current(): Promise<RekognitionUsage> {
    const month = usageMonth(this.deps.clock.now());
    const row = await this.deps.usage.get();
    const used = row && row.month === month ? row.used : 0;
    return this.describe(month, used, row?.lastCall ?? null);
  }

  /**
   * Counts one call if the budget allows it. Serialised, so two events at once cannot both take the last call.
   * Resolves with whether the call may be made and the usage after it.
   */
  tryConsume(): Promise<{ allowed: boolean; usage: RekognitionUsage }> {
    const step = async (): Promise<{ allowed: boolean; usage: RekognitionUsage }> => {
      const now = this.deps.clock.now();
      const before = await this.current();
      if (before.left <= 0) return { allowed: false, usage: before };
      const lastCall = new Date(now).toISOString();
      await this.deps.usage.save({ month: before.month, used: before.used + 1, lastCall });
      return { allowed: true, usage: this.describe(before.month, before.used + 1, lastCall) };
    };
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private describe(month: string, used: number, lastCall: string | null): RekognitionUsage {
    const total = this.total();
    return { month, total, used, left: Math.max(0, total - used), lastCall };
  }
}
