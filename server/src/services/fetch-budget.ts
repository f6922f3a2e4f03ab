import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';

/**
 * How many uncached outgoing fetches (weather, places, feeds) one user may cause per minute: a widget user cannot
 * make the server fetch without bound. Cached answers and joined in-flight fetches cost nothing.
 */
export class FetchBudget {
  private readonly spent = new Map<number, number[]>();

  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly perMinute = 30,
  ) {}

  /** Takes one fetch from the user's budget or refuses with 429 DASHBOARD_FETCH_RATE_LIMITED. */
  take(userId: number): void {
    const now = this.clock.now();
    const recent = (this.spent.get(userId) ?? []).filter((time) => time > now - 60_000);
    if (recent.length >= this.perMinute) {
      this.spent.set(userId, recent);
      const retryAfterSeconds = Math.max(1, Math.ceil(((recent[0] ?? now) + 60_000 - now) / 1000));
      throw new AppError('DASHBOARD_FETCH_RATE_LIMITED', 'too many weather or feed fetches; try again in a minute', { retryAfterSeconds });
    }
    recent.push(now);
    this.spent.set(userId, recent);
    // Users who stopped fetching are forgotten, so the map stays as small as the set of active users.
    if (this.spent.size > 1000) {
      for (const [id, times] of this.spent) if (!times.some((time) => time > now - 60_000)) this.spent.delete(id);
    }
  }
}
