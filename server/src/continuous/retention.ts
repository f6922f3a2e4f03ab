import type { ContinuousSettings } from '@homecam/shared';
import type { SegmentIndex, SegmentRow, TierClass } from './segment-index.js';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
const BATCH = 500;
/** Warn at 90 % of a cap; warn again only after it went below 85 % (once per crossing, no flapping). */
const WARN_AT = 0.9;
const REARM_BELOW = 0.85;

/** Tier classes, lowest first: what space pressure drops first (all → motion → events). */
export const TIER_ORDER: readonly TierClass[] = [
  { motion: 0, event: 0 },
  { motion: 1, event: 0 },
  { motion: 0, event: 1 },
  { motion: 1, event: 1 },
];

/** Days a segment of this class is kept: the longest tier it belongs to (every segment is in "all"). */
export function keepDays(tier: TierClass, retain: ContinuousSettings['retain']): number {
  return Math.max(retain.all, tier.motion ? retain.motion : 0, tier.event ? retain.events : 0);
}

export interface RetentionDeps {
  index: SegmentIndex;
  settings: () => ContinuousSettings;
  /** Every camera's cap in GB (its own or the default), null = none. */
  cameraCapGB: (camera: string) => number | null;
  /** Bytes per camera as the module counts them (kept in step with every insert and delete). */
  usage: () => ReadonlyMap<string, number>;
  freeBytes: () => Promise<number>;
  /** Deletes the rows' files and rows and updates the usage. */
  remove: (rows: readonly SegmentRow[]) => Promise<void>;
  notify: (level: 'WARN' | 'ERROR', message: string) => Promise<unknown>;
  now: () => number;
}

export interface RetentionRun {
  expired: number;
  /** Dropped for a cap or the free space before their days were up. */
  early: number;
}

/**
 * Retention of continuous footage by tier, by days and by size. First every class loses what is older than its
 * days; then each camera's cap, the overall cap and the minimum free space drop the oldest footage of the lowest
 * tier first. Exports are another table: nothing here reaches them. WARN once per crossing of 90 % of a cap,
 * ERROR whenever footage had to go before its days were up.
 */
export class Retention {
  private readonly warned = new Set<string>();

  constructor(private readonly deps: RetentionDeps) {}

  async run(): Promise<RetentionRun> {
    const settings = this.deps.settings();
    const now = this.deps.now();
    let expired = 0;
    for (const tier of TIER_ORDER) {
      const before = now - keepDays(tier, settings.retain) * DAY_MS;
      for (let rows = await this.deps.index.expired(tier, before, BATCH); rows.length > 0; rows = await this.deps.index.expired(tier, before, BATCH)) {
        await this.deps.remove(rows);
        expired += rows.length;
      }
    }
    const reasons: string[] = [];
    let early = 0;
    for (const [camera, bytes] of this.deps.usage()) {
      const cap = this.deps.cameraCapGB(camera);
      if (cap === null) continue;
      const dropped = await this.dropUntil(camera, bytes - cap * GB);
      if (dropped > 0) reasons.push(`${camera} reached its cap of ${cap} GB`);
      early += dropped;
    }
    if (settings.maxSizeGB !== null) {
      const dropped = await this.dropUntil(null, this.total() - settings.maxSizeGB * GB);
      if (dropped > 0) reasons.push(`all footage reached the cap of ${settings.maxSizeGB} GB`);
      early += dropped;
    }
    if (settings.minFreeGB !== null) {
      const dropped = await this.dropUntil(null, settings.minFreeGB * GB - (await this.deps.freeBytes()));
      if (dropped > 0) reasons.push(`less than ${settings.minFreeGB} GB free on the recordings disk`);
      early += dropped;
    }
    if (early > 0) {
      await this.deps.notify('ERROR', `Deleted ${early} segment(s) of continuous footage before their days were up, lowest tier first: ${reasons.join('; ')}.`);
    }
    await this.warnNearCaps(settings);
    return { expired, early };
  }

  private total(): number {
    let sum = 0;
    for (const bytes of this.deps.usage().values()) sum += bytes;
    return sum;
  }

  /** Drops the oldest segments of the lowest tier first (of one camera, or of all) until `excess` bytes are gone. */
  private async dropUntil(camera: string | null, excess: number): Promise<number> {
    let left = excess;
    let dropped = 0;
    for (const tier of TIER_ORDER) {
      while (left > 0) {
        const rows = await this.deps.index.oldest(tier, camera, 64);
        if (rows.length === 0) break;
        const batch: SegmentRow[] = [];
        for (const row of rows) {
          if (left <= 0) break;
          batch.push(row);
          left -= row.bytes;
        }
        await this.deps.remove(batch);
        dropped += batch.length;
      }
    }
    return dropped;
  }

  private async warnNearCaps(settings: ContinuousSettings): Promise<void> {
    const caps: [key: string, bytes: number, capGB: number | null, what: string][] = [...this.deps.usage()].map(([camera, bytes]) => [
      `camera:${camera}`, bytes, this.deps.cameraCapGB(camera), `${camera}'s footage`,
    ]);
    caps.push(['all', this.total(), settings.maxSizeGB, 'All continuous footage']);
    for (const [key, bytes, capGB, what] of caps) {
      if (capGB === null) continue;
      const share = bytes / (capGB * GB);
      if (share >= WARN_AT && !this.warned.has(key)) {
        this.warned.add(key);
        await this.deps.notify('WARN', `${what} uses ${Math.round(share * 100)} % of its ${capGB} GB cap: the oldest footage of the lowest tier goes first when it is full.`);
      } else if (share < REARM_BELOW) this.warned.delete(key);
    }
  }
}
