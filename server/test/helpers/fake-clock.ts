import type { Clock } from '../../src/repositories/clock.js';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** A clock the test moves by hand. `sleep` lets simulated time pass at once and records how long it was asked for. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start = Date.parse('2026-01-01T00:00:00.000Z')) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.current += ms;
    return Promise.resolve();
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { id: this.nextId++, due: this.current + ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t.id !== timer.id);
    };
  }

  /** Moves time forward and fires every timer that came due, in order. */
  advance(ms: number): void {
    this.current += ms;
    const due = this.timers.filter((t) => t.due <= this.current).sort((a, b) => a.due - b.due);
    this.timers = this.timers.filter((t) => t.due > this.current);
    for (const timer of due) timer.fn();
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}
