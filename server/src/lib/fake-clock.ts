import type { Clock } from './clock.js';

/**
 * A clock the test moves by hand (for unit tests of app and library code alike). `advance(ms)` fires every timer
 * that falls due, in time order and at its own time, including timers those timers set; `sleep` lets simulated
 * time pass at once and records how long it was asked for.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private time: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();

  constructor(start = Date.parse('2026-01-01T00:00:00.000Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }

  setTimer(ms: number, fn: () => void): () => void {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return () => void this.timers.delete(id);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing due timers (including ones they schedule) at their own times. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let nextId = -1;
      let nextAt = Infinity;
      for (const [id, t] of this.timers) {
        if (t.at < nextAt || (t.at === nextAt && id < nextId)) {
          nextAt = t.at;
          nextId = id;
        }
      }
      if (nextId < 0 || nextAt > end) break;
      const timer = this.timers.get(nextId)!;
      this.timers.delete(nextId);
      this.time = Math.max(this.time, timer.at);
      timer.fn();
    }
    this.time = end;
  }
}
