import { reviewAllResponseSchema, reviewListSchema, timelineSchema, type ReviewList, type Timeline } from '@homecam/shared';
import type { HttpClient } from './http-client';

const cameraPath = (name: string) => `/cameras/${encodeURIComponent(name)}`;

/** GET /api/timeline: footage spans and gaps, motion buckets, events and review items of each camera over [from, to). */
export function getTimeline(http: HttpClient, cameras: readonly string[], from: number, to: number, bucketMs: number, signal?: AbortSignal): Promise<Timeline> {
  const query = new URLSearchParams({ cameras: cameras.join(','), from: String(Math.floor(from)), to: String(Math.ceil(to)), bucketMs: String(bucketMs) });
  return http.request(`/timeline?${query.toString()}`, { schema: timelineSchema, signal });
}

/** The HLS VOD playlist of a camera's footage in [from, to) (≤ 24 h); hls.js loads it with the bearer token. */
export function playlistUrl(camera: string, from: number, to: number): string {
  const query = new URLSearchParams({ from: String(Math.floor(from)), to: String(Math.ceil(to)) });
  return `/api${cameraPath(camera)}/recording/playlist.m3u8?${query.toString()}`;
}

/** The preview JPEG of the camera-minute `at` falls in, for an <img>: the session cookie authorises it. */
export function previewUrl(camera: string, at: number): string {
  // One URL per minute: the browser caches each minute's picture, and the server makes each one once.
  const minute = Math.floor(at / 60_000) * 60_000;
  return `/api${cameraPath(camera)}/recording/preview?at=${minute}`;
}

export interface ReviewQuery {
  cameras?: readonly string[];
  /** false: only what the caller has not reviewed. */
  reviewed?: boolean;
  before?: number;
  limit?: number;
}

/** GET /api/review: review items newest first, the caller's unreviewed count, and the paging cursor. */
export function listReview(http: HttpClient, query: ReviewQuery, signal?: AbortSignal): Promise<ReviewList> {
  const params = new URLSearchParams();
  if (query.cameras && query.cameras.length > 0) params.set('cameras', query.cameras.join(','));
  if (query.reviewed !== undefined) params.set('reviewed', String(query.reviewed));
  if (query.before !== undefined) params.set('before', String(query.before));
  params.set('limit', String(query.limit ?? 50));
  return http.request(`/review?${params.toString()}`, { schema: reviewListSchema, signal });
}

/** PUT or DELETE /api/review/:id/reviewed: marks or unmarks an item for the caller. */
export function setReviewed(http: HttpClient, id: string, reviewed: boolean): Promise<void> {
  return http.request(`/review/${encodeURIComponent(id)}/reviewed`, { method: reviewed ? 'PUT' : 'DELETE' });
}

/** POST /api/review/reviewed: marks everything (of these cameras) for the caller; answers how many. */
export async function markAllReviewed(http: HttpClient, cameras?: readonly string[]): Promise<number> {
  const body = cameras && cameras.length > 0 ? { cameras: [...cameras] } : {};
  return (await http.request('/review/reviewed', { method: 'POST', json: body, schema: reviewAllResponseSchema })).marked;
}
