import type { QueryClient } from '@tanstack/react-query';
import type { Notification, Recording } from '@homecam/shared';
import { prependItem, removeItems, replaceItem, type CursorPages } from './event-cache';
import { EMPTY_FILTERS, matchesFilters, type EventFilters } from '../lib/event-filters';
import { queryKeys } from './query-keys';

/** The filters a list query was made with (its key's third part), or none. */
function filtersOf(key: readonly unknown[]): EventFilters {
  const filters = key[2];
  return filters && typeof filters === 'object' ? { ...EMPTY_FILTERS, ...(filters as Partial<EventFilters>) } : EMPTY_FILTERS;
}

/**
 * Keeps every cached notification and recording list right from the socket events of spec §7: a new item
 * goes first in each list whose filters it passes, a removed one leaves every list, `null` empties them.
 * Other notification queries (a camera's last five) are simply asked again.
 */
export function createEventListSync(queryClient: QueryClient) {
  function updateLists<T extends { id: string }>(
    root: readonly unknown[],
    update: (data: CursorPages<T> | undefined, filters: EventFilters) => CursorPages<T> | undefined,
  ) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [...root, 'list'] })) {
      queryClient.setQueryData<CursorPages<T>>(query.queryKey, (data) => update(data, filtersOf(query.queryKey)));
    }
  }
  const refreshOthers = (root: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey: root, predicate: (query) => query.queryKey[1] !== 'list' });

  return {
    notificationAdded(announced: Notification) {
      // Its thumbnail is written after the announcement: shown once the recording reports it (recordingAdded).
      const notification = announced.recordingId ? { ...announced, thumbnail: null } : announced;
      updateLists<Notification>(queryKeys.notifications, (data, filters) =>
        matchesFilters(filters, { ...notification, at: notification.timestamp }) ? prependItem(data, notification) : data,
      );
      // A camera's newest few (the camera page): first in, the oldest out.
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.notifications, 'camera', notification.camera] })) {
        const count = Number(query.queryKey[3]) || 5;
        queryClient.setQueryData<Notification[]>(query.queryKey, (list) =>
          list && !list.some((entry) => entry.id === notification.id) ? [notification, ...list].slice(0, count) : list,
        );
      }
    },
    notificationRemoved(id: string | null) {
      updateLists<Notification>(queryKeys.notifications, (data) => removeItems(data, id === null ? null : [id]));
      refreshOthers(queryKeys.notifications);
    },
    recordingAdded(recording: Recording) {
      updateLists<Recording>(queryKeys.recordings, (data, filters) => {
        const listed = data?.pages.some((page) => page.result.some((entry) => entry.id === recording.id));
        if (listed) return replaceItem(data, recording);
        return matchesFilters(filters, { ...recording, type: recording.type, at: recording.startedAt }) ? prependItem(data, recording) : data;
      });
      // The notifications of this recording get their thumbnail now that the file exists.
      const withThumbnail = (entry: Notification) => (entry.recordingId === recording.id ? { ...entry, thumbnail: recording.thumbnail } : entry);
      updateLists<Notification>(queryKeys.notifications, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, result: page.result.map(withThumbnail) })) } : data,
      );
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.notifications, 'camera', recording.camera] })) {
        queryClient.setQueryData<Notification[]>(query.queryKey, (list) => list?.map(withThumbnail));
      }
    },
    recordingRemoved(id: string | null) {
      updateLists<Recording>(queryKeys.recordings, (data) => removeItems(data, id === null ? null : [id]));
      // The linked notifications lose their recording.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
  };
}
