import { feedSchema, type Feed } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/dashboard/feed (dashboard:access): the server fetches, checks and cleans the feed. */
export function getFeed(http: HttpClient, url: string, limit: number, signal?: AbortSignal): Promise<Feed> {
  const query = new URLSearchParams({ url, limit: String(limit) });
  return http.request(`/dashboard/feed?${query.toString()}`, { schema: feedSchema, signal });
}
