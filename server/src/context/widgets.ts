import type { Clock } from '../lib/clock.js';
import { createPublicFetch } from '../outbound/fetch-public.js';
import type { ConfigService } from '../services/config.service.js';
import { FeedService } from '../services/feed.service.js';
import { FetchBudget } from '../services/fetch-budget.js';
import { WeatherService } from '../services/weather.service.js';

export interface WidgetOptions {
  /**
   * Tests only: which resolved addresses a feed URL may not reach (default: every internal one, isInternalAddress),
   * so a test can let the local fake feed server count as public. Never set by main.ts.
   */
  feedAddressRefused?: ((address: string) => boolean) | undefined;
  /** Tests only: a shorter time-out for the widgets' outgoing fetches (default 8 s). */
  widgetFetchTimeoutMs?: number | undefined;
}

/** Weather and feeds share one per-user budget of uncached fetches; feeds never reach internal hosts (but in tests). */
export function widgetServices(config: ConfigService, clock: Clock, options: WidgetOptions): { weather: WeatherService; feeds: FeedService } {
  const budget = new FetchBudget(clock);
  const fetch = createPublicFetch();
  const feedFetch = options.feedAddressRefused ? createPublicFetch({ isRefused: options.feedAddressRefused }) : fetch;
  const timeoutMs = options.widgetFetchTimeoutMs;
  return {
    weather: new WeatherService({ config, fetch, budget, clock, timeoutMs }),
    feeds: new FeedService({ fetch: feedFetch, budget, clock, timeoutMs }),
  };
}
