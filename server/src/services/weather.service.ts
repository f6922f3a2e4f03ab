import type { WeatherPlace, WeatherQuery, WeatherReport } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { PublicFetch } from '../outbound/fetch-public.js';
import { TtlCache } from '../outbound/ttl-cache.js';
import type { ConfigService } from './config.service.js';
import type { FetchBudget } from './fetch-budget.js';
import { forecastUrl, geocodingUrl, mapForecast, mapPlaces } from './open-meteo.js';

const WEATHER_TTL_MS = 10 * 60_000;
const PLACES_TTL_MS = 24 * 60 * 60_000;
const FETCH = { timeoutMs: 8_000, maxBytes: 512 * 1024, accept: 'application/json', trusted: true } as const;

export interface WeatherDeps {
  config: ConfigService;
  fetch: PublicFetch;
  budget: FetchBudget;
  clock: Clock;
  /** Default 8 s. */
  timeoutMs?: number | undefined;
}

/**
 * The weather widget's data: asked from the provider in config.json `dashboard.weather` (an admin's choice, so its
 * address is trusted even when local), cached per rounded position and units (10 min) and per place search (a
 * day). The browser only ever talks to HomeCam.
 */
export class WeatherService {
  private readonly reports: TtlCache<WeatherReport>;
  private readonly places: TtlCache<WeatherPlace[]>;

  constructor(private readonly deps: WeatherDeps) {
    this.reports = new TtlCache({ ttlMs: WEATHER_TTL_MS, maxEntries: 200, clock: deps.clock });
    this.places = new TtlCache({ ttlMs: PLACES_TTL_MS, maxEntries: 500, clock: deps.clock });
  }

  async report(userId: number, query: WeatherQuery): Promise<WeatherReport> {
    // Two decimals (~1 km): nearby positions share one cache entry and one provider request.
    const lat = Math.round(query.lat * 100) / 100;
    const lon = Math.round(query.lon * 100) / 100;
    const key = `${lat},${lon},${query.units}`;
    this.charge(this.reports, key, userId);
    return this.reports.get(key, async () => {
      const { url, apiKey } = this.deps.config.get().dashboard.weather;
      const body = await this.fetchJson(forecastUrl(url, { lat, lon, units: query.units }, apiKey));
      const report = mapForecast(body, query.units, new Date(this.deps.clock.now()));
      if (!report) throw new AppError('WEATHER_UNAVAILABLE', 'the weather provider answered in an unexpected format');
      return report;
    });
  }

  async searchPlaces(userId: number, query: { q: string; lang: string }): Promise<WeatherPlace[]> {
    const key = `${query.lang}:${query.q.toLowerCase()}`;
    this.charge(this.places, key, userId);
    return this.places.get(key, async () => {
      const { geocodingUrl: base, apiKey } = this.deps.config.get().dashboard.weather;
      const places = mapPlaces(await this.fetchJson(geocodingUrl(base, query, apiKey)));
      if (!places) throw new AppError('WEATHER_UNAVAILABLE', 'the place search answered in an unexpected format');
      return places;
    });
  }

  /** A fetch that will really happen costs the user one from the budget; cached and joined ones are free. */
  private charge(cache: TtlCache<unknown>, key: string, userId: number): void {
    if (cache.peek(key) === null && !cache.isLoading(key)) this.deps.budget.take(userId);
  }

  private async fetchJson(url: URL): Promise<unknown> {
    try {
      const answer = await this.deps.fetch(url, { ...FETCH, timeoutMs: this.deps.timeoutMs ?? FETCH.timeoutMs });
      return JSON.parse(answer.body.toString('utf8')) as unknown;
    } catch (error) {
      // The provider's URL may hold an API key: the message names neither the URL nor the query.
      const reason = error instanceof Error && 'reason' in error ? String(error.reason) : 'invalid JSON';
      throw new AppError('WEATHER_UNAVAILABLE', `the weather provider is not available (${reason})`);
    }
  }
}
