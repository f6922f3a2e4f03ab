import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { createRoom, deleteRoom, listRooms, renameRoom } from '../api/rooms-api';
import { useHasAnyPermission } from './use-permissions';
import { useApiMutation, useApiQuery } from './use-api';

/** Who may read the room list (GET /api/rooms). */
export const ROOM_READERS = ['settings:general:access', 'settings:general:edit', 'cameras:access'] as const;

/** GET /api/rooms (the default room first); not asked for users who may not read it. */
export function useRoomList() {
  const allowed = useHasAnyPermission(ROOM_READERS);
  return useApiQuery(queryKeys.rooms, listRooms, { enabled: allowed });
}

/** Renaming or removing a room moves cameras: both lists are refreshed. */
function useInvalidateRooms() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.rooms }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cameras, predicate: (query) => query.queryKey[1] !== 'status' }),
    ]);
}

export const useCreateRoom = () => useApiMutation(createRoom, { onSuccess: useInvalidateRooms() });

export const useRenameRoom = () =>
  useApiMutation((http, { name, next }: { name: string; next: string }) => renameRoom(http, name, next), { onSuccess: useInvalidateRooms() });

export const useDeleteRoom = () => useApiMutation(deleteRoom, { onSuccess: useInvalidateRooms() });
