import type { Clock } from '../lib/clock.js';

export interface LoginThrottleOptions {
  /** Failures that cost nothing extra (typos happen). */
  freeFailures: number;
  /** Delay after the first counted failure; doubles with each further one. */
  baseDelayMs: number;
  /** Cap, so a real user who mistypes a lot never waits long. */
  maxDelayMs: number;
  /** Failures inside `windowMs` that lock the key. */
  lockFailures: number;
  windowMs: number;
  lockMs: number;
  /** Bound on remembered keys, so a flood of random usernames cannot grow memory without end. */
  maxKeys: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  freeFailures: 3,
  baseDelayMs: 250,
  maxDelayMs: 2_000,
  lockFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 5 * 60_000,
  maxKeys: 10_000,
};

export type ThrottleDecision = { allowed: true; delayMs: number } | { allowed: false; retryAfterMs: number };

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/**
 * Slows and then locks repeated failed sign-ins per key (a username, a client address). In memory on purpose:
 * a restart forgets the counters, which only helps a user who locked themselves out.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  readonly options: LoginThrottleOptions;

  constructor(
    private readonly clock: Clock,
    options: Partial<LoginThrottleOptions> = {},
  ) {
    this.options = { ...DEFAULT_LOGIN_THROTTLE, ...options };
  }

  /** Whether an attempt may go ahead now, and how long it should be held back first. */
  check(keys: readonly string[]): ThrottleDecision {
    const now = this.clock.now();
    let retryAfterMs = 0;
    let failures = 0;
    for (const key of keys) {
      const entry = this.fresh(key, now);
      if (!entry) continue;
      retryAfterMs = Math.max(retryAfterMs, entry.lockedUntil - now);
      failures = Math.max(failures, entry.failures.length);
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    return { allowed: true, delayMs: this.delayFor(failures) };
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.clock.now();
    for (const key of keys) {
      const entry = this.fresh(key, now) ?? { failures: [], lockedUntil: 0 };
      entry.failures.push(now);
      if (entry.failures.length >= this.options.lockFailures) {
        entry.lockedUntil = now + this.options.lockMs;
        entry.failures = [];
      }
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    this.evictOldest();
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** 0 up to `freeFailures` failures; then base, 2×base, 4×base … capped. */
  private delayFor(failures: number): number {
    const counted = failures - this.options.freeFailures - 1;
    if (counted < 0) return 0;
    return Math.min(this.options.baseDelayMs * 2 ** counted, this.options.maxDelayMs);
  }

  /** The entry with failures outside the window dropped; undefined (and forgotten) when nothing is left. */
  private fresh(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.failures = entry.failures.filter((at) => now - at < this.options.windowMs);
    if (entry.failures.length === 0 && entry.lockedUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evictOldest(): void {
    // Map keeps insertion order and recordFailure re-inserts, so the first keys are the least recently failed.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
