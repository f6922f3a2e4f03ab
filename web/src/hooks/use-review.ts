import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { listReview, markAllReviewed, setReviewed } from '../api/timeline-api';
import { useApiMutation } from './use-api';
import { useHttp } from './use-http';

const PAGE_SIZE = 30;

/**
 * The review items of `cameras` (all cameras when empty), newest first, page after page; with `onlyUnreviewed`
 * just those the user has not marked. `unreviewed` is the user's count from the newest answer.
 */
export function useReviewList(cameras: readonly string[], onlyUnreviewed: boolean) {
  const http = useHttp();
  const query = useInfiniteQuery({
    queryKey: queryKeys.reviewList(cameras, onlyUnreviewed),
    queryFn: ({ pageParam, signal }) =>
      listReview(http, { cameras, reviewed: onlyUnreviewed ? false : undefined, before: pageParam ?? undefined, limit: PAGE_SIZE }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchInterval: 30_000,
  });
  const pages = query.data?.pages ?? [];
  return { ...query, items: pages.flatMap((page) => page.result), unreviewed: pages[0]?.unreviewed ?? null };
}

/** Review marks change the lists, the counts and the timeline's review items: all are asked again. */
function useRefreshReview() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.review }), queryClient.invalidateQueries({ queryKey: queryKeys.timeline })]);
}

/** Marks (or unmarks) one item reviewed for the signed-in user. */
export function useSetReviewed() {
  const refresh = useRefreshReview();
  return useApiMutation((http, { id, reviewed }: { id: string; reviewed: boolean }) => setReviewed(http, id, reviewed), { onSuccess: refresh });
}

/** Marks every item (of these cameras) reviewed for the signed-in user. */
export function useMarkAllReviewed() {
  const refresh = useRefreshReview();
  return useApiMutation((http, cameras: readonly string[]) => markAllReviewed(http, cameras), { onSuccess: refresh });
}
