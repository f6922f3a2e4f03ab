import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { flattenPages, removeItems, type CursorPages } from '../api/event-cache';
import { EMPTY_FILTERS, type EventFilters } from '../lib/event-filters';
import {
  deleteNotification,
  deleteNotifications,
  deleteRecording,
  deleteRecordings,
  getRecording,
  listNotifications,
  listRecordings,
} from '../api/events-api';
import { queryKeys } from '../api/query-keys';
import { useHttp } from './use-http';

const PAGE_SIZE = 25;

/** GET /api/notifications, newest first, one cursor page after another. */
export function useNotificationList(filters: EventFilters) {
  const http = useHttp();
  const query = useInfiniteQuery({
    queryKey: queryKeys.notificationList(filters),
    queryFn: ({ pageParam, signal }) => listNotifications(http, filters, pageParam, PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, items: flattenPages(query.data) };
}

/** GET /api/recordings, newest first, one cursor page after another. */
export function useRecordingList(filters: EventFilters) {
  const http = useHttp();
  const query = useInfiniteQuery({
    queryKey: queryKeys.recordingList(filters),
    queryFn: ({ pageParam, signal }) => listRecordings(http, filters, pageParam, PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, items: flattenPages(query.data) };
}

/** The newest `count` notifications of one camera (the camera page). */
export function useCameraNotifications(camera: string, count = 5, enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: [...queryKeys.notifications, 'camera', camera, count] as const,
    queryFn: async ({ signal }) => (await listNotifications(http, { ...EMPTY_FILTERS, cameras: [camera] }, null, count, signal)).result,
    enabled,
  });
}

/** Removes ids (null = all) from every cached list at once, before the socket says so. */
function useDropFromLists(root: readonly unknown[]) {
  const queryClient = useQueryClient();
  return (ids: readonly string[] | null) => {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [...root, 'list'] })) {
      queryClient.setQueryData<CursorPages<{ id: string }>>(query.queryKey, (data) => removeItems(data, ids));
    }
  };
}

export function useDeleteNotifications() {
  const http = useHttp();
  const drop = useDropFromLists(queryKeys.notifications);
  const queryClient = useQueryClient();
  return useMutation({
    /** `ids` → those; null → all. */
    mutationFn: async (ids: readonly string[] | null) => {
      if (ids && ids.length === 1 && ids[0]) await deleteNotification(http, ids[0]);
      else await deleteNotifications(http, ids ?? undefined);
      return ids;
    },
    onSuccess: (ids) => {
      drop(ids);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications, predicate: (query) => query.queryKey[1] !== 'list' });
    },
  });
}

export function useDeleteRecordings() {
  const http = useHttp();
  const drop = useDropFromLists(queryKeys.recordings);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[] | null) => {
      if (ids && ids.length === 1 && ids[0]) await deleteRecording(http, ids[0]);
      else await deleteRecordings(http, ids ?? undefined);
      return ids;
    },
    onSuccess: (ids) => {
      // "All" keeps recordings still being written: ask again instead of emptying.
      if (ids === null) void queryClient.invalidateQueries({ queryKey: queryKeys.recordings });
      else drop(ids);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  });
}

/** Loads one recording (a notification's clip) through the query cache. */
export function useRecordingLoader() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery({ queryKey: [...queryKeys.recordings, 'one', id], queryFn: () => getRecording(http, id) });
}
