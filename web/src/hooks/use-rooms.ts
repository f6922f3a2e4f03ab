import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { createRoom, deleteRoom, listRooms, renameRoom } from '../api/rooms-api';
import { useHasAnyPermission } from './use-permissions';
import { useHttp } from './use-http';

/** Who may read the room list (GET /api/rooms). */
export const ROOM_READERS = ['settings:general:access', 'settings:general:edit', 'cameras:access'] as const;

/** GET /api/rooms (the default room first); not asked for users who may not read it. */
export function useRoomList() {
  const http = useHttp();
  const allowed = useHasAnyPermission(ROOM_READERS);
  return useQuery({ queryKey: queryKeys.rooms, queryFn: () => listRooms(http), enabled: allowed });
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

export function useCreateRoom() {
  const http = useHttp();
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: (name: string) => createRoom(http, name), onSuccess: invalidate });
}

export function useRenameRoom() {
  const http = useHttp();
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: ({ name, next }: { name: string; next: string }) => renameRoom(http, name, next), onSuccess: invalidate });
}

export function useDeleteRoom() {
  const http = useHttp();
  const invalidate = useInvalidateRooms();
  return useMutation({ mutationFn: (name: string) => deleteRoom(http, name), onSuccess: invalidate });
}
