import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';

export interface AccountPacerOptions {
  /** Failed checks per account inside `windowMs` that are not paced: typos and a forgotten password or two. */
  freeFailures: number;
  /** Beyond them, the account's passwords are checked one at a time, at most one per this many ms. */
  intervalMs: number;
  windowMs: number;
  /**
   * Attempts that may wait for one account. A new one beyond it takes the place of the oldest attempt of the
   * address with the most waiting, so a fresh address (the owner on a new network) always gets a place in line.
   */
  maxWaiting: number;
  /** Bound on remembered accounts (a flood of random usernames). Accounts with attempts waiting are kept. */
  maxAccounts: number;
}

export const DEFAULT_ACCOUNT_PACING: AccountPacerOptions = {
  freeFailures: 10,
  intervalMs: 1_000,
  windowMs: 15 * 60_000,
  maxWaiting: 200,
  maxAccounts: 10_000,
};

/** The right to check one password for the account; `done` must be called once the check is over. */
export interface PacedTurn {
  done(outcome: 'failed' | 'succeeded' | 'aborted'): void;
}

interface Waiter {
  resolve: (turn: PacedTurn) => void;
  reject: (error: Error) => void;
}

interface Account {
  failures: number[];
  /** Checks running outside the line (the free ones): counted, so a parallel burst cannot all be free. */
  freeInFlight: number;
  /** A paced check is running: the next waits for it (one at a time) and for the interval. */
  busy: boolean;
  lastReleaseAt: number;
  /** Waiting attempts per client address; Map order is the round-robin order of the addresses. */
  lanes: Map<string, Waiter[]>;
  waiting: number;
  cancelTimer: (() => void) | null;
}

/**
 * The account-wide ceiling on password checks (N8): after `freeFailures` failures in the window, an account's
 * passwords are checked one at a time and at most one per `intervalMs`, however many addresses guess at once.
 * It never refuses on its own account, it only makes attempts wait. The line is served round-robin by address,
 * so the owner signing in from a fresh address waits for one turn per guessing address, not for every queued
 * guess. Addresses the account already signed in from do not queue at all (AuthService skips the pacer for them).
 */
export class AccountPacer {
  private readonly accounts = new Map<string, Account>();
  readonly options: AccountPacerOptions;

  constructor(
    private readonly clock: Clock,
    options: Partial<AccountPacerOptions> = {},
  ) {
    this.options = { ...DEFAULT_ACCOUNT_PACING, ...options };
  }

  /** Resolves when the password of `account` may be checked for a client at `address`. */
  take(account: string, address: string): Promise<PacedTurn> {
    const entry = this.entry(account);
    const now = this.clock.now();
    entry.failures = entry.failures.filter((at) => now - at < this.options.windowMs);
    if (entry.failures.length + entry.freeInFlight < this.options.freeFailures) {
      entry.freeInFlight += 1;
      return Promise.resolve(this.turn(account, entry, () => (entry.freeInFlight -= 1)));
    }
    return new Promise<PacedTurn>((resolve, reject) => {
      this.makeRoom(entry, address);
      const lane = entry.lanes.get(address) ?? [];
      lane.push({ resolve, reject });
      entry.lanes.set(address, lane);
      entry.waiting += 1;
      this.pump(account, entry);
    });
  }

  /** How many attempts wait for the account now (for tests and the log). */
  waitingFor(account: string): number {
    return this.accounts.get(account)?.waiting ?? 0;
  }

  /** Refuses every waiting attempt (the server is closing) and stops the timers. */
  close(): void {
    for (const entry of this.accounts.values()) {
      entry.cancelTimer?.();
      entry.cancelTimer = null;
      for (const lane of entry.lanes.values()) for (const waiter of lane) waiter.reject(refused(0));
      entry.lanes.clear();
      entry.waiting = 0;
    }
  }

  private turn(account: string, entry: Account, release: () => void): PacedTurn {
    let settled = false;
    return {
      done: (outcome) => {
        if (settled) return;
        settled = true;
        release();
        if (outcome === 'failed') {
          entry.failures.push(this.clock.now());
          // Only whether the free ones are used up matters: the newest of them are enough to know.
          if (entry.failures.length > this.options.freeFailures) entry.failures.shift();
        }
        this.pump(account, entry);
        this.evictIdle();
      },
    };
  }

  /** Releases the next waiter when no paced check runs and the interval has passed; else arms a timer. */
  private pump(account: string, entry: Account): void {
    if (entry.busy || entry.waiting === 0 || entry.cancelTimer) return;
    const wait = entry.lastReleaseAt + this.options.intervalMs - this.clock.now();
    if (wait > 0) {
      entry.cancelTimer = this.clock.setTimer(wait, () => {
        entry.cancelTimer = null;
        this.pump(account, entry);
      });
      return;
    }
    const waiter = this.next(entry);
    if (!waiter) return;
    entry.busy = true;
    entry.lastReleaseAt = this.clock.now();
    waiter.resolve(this.turn(account, entry, () => (entry.busy = false)));
  }

  /** The oldest waiter of the first address in line; that address then moves to the back. */
  private next(entry: Account): Waiter | undefined {
    for (const [address, lane] of entry.lanes) {
      const waiter = lane.shift();
      entry.lanes.delete(address);
      if (lane.length > 0) entry.lanes.set(address, lane);
      if (waiter) {
        entry.waiting -= 1;
        return waiter;
      }
    }
    return undefined;
  }

  /** At `maxWaiting`, the address with the most waiting gives up its oldest; with one each, the newcomer is refused. */
  private makeRoom(entry: Account, address: string): void {
    if (entry.waiting < this.options.maxWaiting) return;
    let longest: Waiter[] | undefined;
    for (const lane of entry.lanes.values()) if (!longest || lane.length > longest.length) longest = lane;
    const own = entry.lanes.get(address);
    if (!longest || (longest.length <= 1 && !own)) {
      throw refused(entry.waiting * this.options.intervalMs);
    }
    const victim = (own && own.length >= longest.length ? own : longest).shift();
    entry.waiting -= 1;
    victim?.reject(refused(entry.waiting * this.options.intervalMs));
  }

  private entry(account: string): Account {
    let entry = this.accounts.get(account);
    if (entry) {
      this.accounts.delete(account);
    } else {
      entry = { failures: [], freeInFlight: 0, busy: false, lastReleaseAt: -Infinity, lanes: new Map(), waiting: 0, cancelTimer: null };
    }
    this.accounts.set(account, entry); // most recently used last
    this.evictIdle();
    return entry;
  }

  /** Forgets the least recently used accounts beyond `maxAccounts`, never one with a check running or waiting. */
  private evictIdle(): void {
    if (this.accounts.size <= this.options.maxAccounts) return;
    for (const [account, entry] of this.accounts) {
      if (this.accounts.size <= this.options.maxAccounts) break;
      if (entry.waiting === 0 && !entry.busy && entry.freeInFlight === 0) this.accounts.delete(account);
    }
  }
}

function refused(waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', 'too many sign-in attempts for this account, try again later', { retryAfterSeconds });
}
