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

/**
 * Which keys an attempt counts against: `lock` keys lock after `lockFailures` (account+address, address), `slow`
 * keys only ever delay (the account as a whole), so failures from one address cannot lock the owner out elsewhere.
 */
export interface ThrottleScope {
  lock: readonly string[];
  slow: readonly string[];
}

/** A reserved attempt: it already counts as a failure until it is settled either way. */
export interface ThrottleAttempt {
  delayMs: number;
  failed(): void;
  succeeded(): void;
}

export type ReserveDecision = { allowed: true; attempt: ThrottleAttempt } | { allowed: false; retryAfterMs: number };

interface Entry {
  failures: number[];
  lockedUntil: number;
  /** Attempts reserved but not settled yet: counted, so parallel attempts cannot all pass the check at once. */
  pending: number;
}

/** Slow keys never lock, so their failure list is trimmed: the delay is capped long before this many. */
const MAX_SLOW_FAILURES = 64;

/**
 * Slows and then locks repeated failed sign-ins per key (a username, a client address). In memory on purpose:
 * a restart forgets the counters, which only helps a user who locked themselves out.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  /** account+address pairs that signed in successfully: the account-wide slow-down does not apply to them. */
  private readonly knownGood = new Map<string, true>();
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

  /**
   * Checks and counts an attempt in one synchronous step, before any password is hashed: of N parallel attempts
   * at most `lockFailures` get through, the rest are refused here (the attempts in flight count as failures
   * until they settle).
   */
  reserve(scope: ThrottleScope): ReserveDecision {
    const now = this.clock.now();
    let retryAfterMs = 0;
    let failures = 0;
    for (const key of [...scope.lock, ...scope.slow]) {
      const entry = this.fresh(key, now);
      if (!entry) continue;
      const counted = entry.failures.length + entry.pending;
      failures = Math.max(failures, counted);
      if (!scope.lock.includes(key)) continue;
      retryAfterMs = Math.max(retryAfterMs, entry.lockedUntil - now);
      if (counted >= this.options.lockFailures) retryAfterMs = Math.max(retryAfterMs, this.options.lockMs);
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };
    const keys = [...scope.lock, ...scope.slow];
    for (const key of keys) this.touch(key, now).pending += 1;
    this.evictOldest();
    let settled = false;
    const settle = (outcome: (key: string) => void) => {
      if (settled) return;
      settled = true;
      for (const key of keys) {
        const entry = this.entries.get(key);
        if (entry) entry.pending = Math.max(0, entry.pending - 1);
        outcome(key);
      }
      this.evictOldest();
    };
    return {
      allowed: true,
      attempt: {
        delayMs: this.delayFor(failures),
        failed: () => settle((key) => this.addFailure(key, scope.lock.includes(key))),
        succeeded: () => settle(() => undefined),
      },
    };
  }

  recordFailure(keys: readonly string[]): void {
    for (const key of keys) this.addFailure(key, true);
    this.evictOldest();
  }

  private addFailure(key: string, locks: boolean): void {
    const now = this.clock.now();
    const entry = this.touch(key, now);
    entry.failures.push(now);
    if (!locks) {
      if (entry.failures.length > MAX_SLOW_FAILURES) entry.failures.splice(0, entry.failures.length - MAX_SLOW_FAILURES);
    } else if (entry.failures.length >= this.options.lockFailures) {
      entry.lockedUntil = now + this.options.lockMs;
      entry.failures = [];
    }
  }

  /** The key's entry, created when missing and moved to the end (most recently used). */
  private touch(key: string, now: number): Entry {
    const entry = this.fresh(key, now) ?? { failures: [], lockedUntil: 0, pending: 0 };
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Remembers a pair that signed in (bounded like the counters, oldest forgotten first). */
  markKnownGood(pair: string): void {
    this.knownGood.delete(pair);
    this.knownGood.set(pair, true);
    for (const key of this.knownGood.keys()) {
      if (this.knownGood.size <= this.options.maxKeys) break;
      this.knownGood.delete(key);
    }
  }

  isKnownGood(pair: string): boolean {
    return this.knownGood.has(pair);
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
    if (entry.failures.length === 0 && entry.lockedUntil <= now && entry.pending === 0) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evictOldest(): void {
    // Map keeps insertion order and touch() re-inserts, so the first keys are the least recently used.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.maxKeys) break;
      this.entries.delete(key);
    }
  }
}
