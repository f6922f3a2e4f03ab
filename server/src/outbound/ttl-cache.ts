import type { Clock } from '../lib/clock.js';

/**
 * A small in-memory cache for fetched answers: entries live `ttlMs`, at most `maxEntries` are kept (the least
 * recently used goes first), and concurrent requests for the same key share one load. Failures are not kept.
 */
export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Value; expires: number }>();
  private readonly loading = new Map<string, Promise<Value>>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; clock: Pick<Clock, 'now'> },
  ) {}

  /** The cached value, or null when absent or expired (an expired entry is dropped). */
  peek(key: string): Value | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.options.clock.now()) {
      this.entries.delete(key);
      return null;
    }
    // Map order is the LRU order: a hit moves the key to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether a load for `key` is under way (a caller joining it causes no new fetch). */
  isLoading(key: string): boolean {
    return this.loading.has(key);
  }

  async get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.peek(key);
    if (cached !== null) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load().then((value) => {
      this.store(key, value);
      return value;
    });
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.options.clock.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
