import { keepPreviousData } from '@tanstack/react-query';
import type { CameraTimeline } from '@homecam/shared';
import { queryKeys } from '../api/query-keys';
import { getTimeline, previewUrl } from '../api/timeline-api';
import { fetchRange } from '../lib/timeline-data';
import type { TimeWindow } from '../lib/timeline-scale';
import { useApiQuery } from './use-api';

/** While the fetched range reaches the present, new footage and events arrive: ask again this often. */
const LIVE_REFRESH_MS = 15_000;

/**
 * The timeline of `cameras` around the shown window (GET /api/timeline): the range is snapped (lib/timeline-data
 * fetchRange), so panning and the advancing "now" reuse the cached answer, and the previous answer stays on screen
 * while the next loads.
 */
export function useTimeline(cameras: readonly string[], window: TimeWindow, now: number) {
  const range = fetchRange(window);
  const reachesNow = range.to >= now - LIVE_REFRESH_MS;
  const query = useApiQuery(queryKeys.timelineRange(cameras, range.from, range.to, range.bucketMs), (http, signal) => getTimeline(http, cameras, range.from, range.to, range.bucketMs, signal), {
    enabled: cameras.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: reachesNow ? LIVE_REFRESH_MS : false,
    staleTime: reachesNow ? LIVE_REFRESH_MS : 5 * 60_000,
  });
  const byCamera = new Map<string, CameraTimeline>((query.data?.cameras ?? []).map((camera) => [camera.camera, camera]));
  return { ...query, byCamera };
}

/** The keyframe preview of the camera-minute `t` falls in, for an <img> (the session cookie authorises it). */
export function usePreviewUrl(camera: string, t: number): string {
  return previewUrl(camera, t);
}
