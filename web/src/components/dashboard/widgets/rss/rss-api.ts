import { feedSchema, type Feed } from '@homecam/shared';
import { apiRequest } from '../../../../api/http-client';

/** GET /api/dashboard/feed (dashboard:access): the server fetches, checks and cleans the feed. */
export function getFeed(url: string, limit: number, signal?: AbortSignal): Promise<Feed> {
  const query = new URLSearchParams({ url, limit: String(limit) });
  return apiRequest(`/dashboard/feed?${query.toString()}`, { schema: feedSchema, signal });
}
