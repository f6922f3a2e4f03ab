import type { WeatherUnits } from '@homecam/shared';
import { getFeed } from '../api/feed-api';
import type { HttpClient } from '../api/http-client';
import { queryKeys } from '../api/query-keys';
import { getSystemDisk, getSystemStatus } from '../api/system-api';
import { getWeather, searchPlaces } from '../api/weather-api';
import { ApiError } from '../lib/api-error';
import { useApiMutation, useApiQuery } from './use-api';

/** The server caches a feed 15 minutes; the widget asks again at that pace. */
export const RSS_REFRESH_MS = 15 * 60_000;
/** The server caches a weather report 10 minutes; asking more often would only return the same report. */
export const WEATHER_REFRESH_MS = 10 * 60_000;
/** Refreshed now and then: the uptime counts by itself in between, the camera count moves rarely. */
const STATUS_REFRESH_MS = 30_000;
const DISK_REFRESH_MS = 60_000;

/**
 * Widgets retry once when HomeCam itself was not reached; an answer (a refused URL, an unavailable provider, the
 * fetch budget) is shown at once, and the widget's own refresh interval tries again later.
 */
export function retryUnreachedOnce(failures: number, error: unknown): boolean {
  return failures < 1 && error instanceof ApiError && error.status === 0;
}

/** Data the server fetches from a provider and caches for `cacheMs`: asked again at that pace, fresh for half of it. */
const providerPace = (cacheMs: number) => ({ refetchInterval: cacheMs, staleTime: cacheMs / 2, retry: retryUnreachedOnce });

/** The newest items of an RSS or Atom feed, fetched by HomeCam (GET /api/dashboard/feed); none asked for without a URL. */
export function useFeed(url: string, limit: number) {
  return useApiQuery(['dashboard', 'feed', url, limit], (http, signal) => getFeed(http, url, limit, signal), { enabled: url !== '', ...providerPace(RSS_REFRESH_MS) });
}

/** Current weather and forecast at a place (GET /api/dashboard/weather); none asked for without a place. */
export function useWeather(place: { lat: number; lon: number } | null, units: WeatherUnits) {
  const load = (http: HttpClient, signal: AbortSignal) => (place ? getWeather(http, place, units, signal) : Promise.reject(new Error('no place')));
  return useApiQuery(['dashboard', 'weather', place?.lat, place?.lon, units], load, { enabled: place !== null, ...providerPace(WEATHER_REFRESH_MS) });
}

/** The weather widget's place search, names in `language` (on submit only: no request per keystroke). */
export const usePlaceSearch = (language: string) => useApiMutation((http, q: string) => searchPlaces(http, q, language));

/** Version, uptime and cameras online (the status widget). */
export const useSystemStatus = () => useApiQuery(queryKeys.systemStatus, getSystemStatus, { refetchInterval: STATUS_REFRESH_MS });

/** Free space of the recordings disk and the recordings' size (the disk widget). */
export const useSystemDisk = () => useApiQuery(queryKeys.systemDisk, getSystemDisk, { refetchInterval: DISK_REFRESH_MS });
