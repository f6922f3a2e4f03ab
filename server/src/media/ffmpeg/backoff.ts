export interface BackoffOptions {
  /** First delay, default 1 s. */
  initialMs?: number;
  /** Cap, default 60 s. */
  maxMs?: number;
  /** Growth per failure, default 2. */
  factor?: number;
  /** A run that produced output for at least this long resets the delay, default 30 s. */
  healthyAfterMs?: number;
}

/** Capped exponential backoff for reconnecting: 1 s, 2 s, 4 s … 60 s, back to 1 s after a healthy run. */
export class Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly factor: number;
  readonly healthyAfterMs: number;
  private nextMs: number;
  private failures = 0;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 1_000;
    this.maxMs = options.maxMs ?? 60_000;
    this.factor = options.factor ?? 2;
    this.healthyAfterMs = options.healthyAfterMs ?? 30_000;
    this.nextMs = this.initialMs;
  }

  /** Failures since the last reset. */
  get attempts(): number {
    return this.failures;
  }

  /**
   * The delay before the next attempt after a run that lasted `runMs` (and whether it ever produced output);
   * advances the sequence.
   */
  next(run: { runMs: number; healthy: boolean } = { runMs: 0, healthy: false }): number {
    if (run.healthy && run.runMs >= this.healthyAfterMs) this.reset();
    const delay = this.nextMs;
    this.failures += 1;
    this.nextMs = Math.min(this.maxMs, Math.max(1, Math.round(this.nextMs * this.factor)));
    return delay;
  }

  reset(): void {
    this.nextMs = this.initialMs;
    this.failures = 0;
  }
}
