import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UpdateUserRequest, User } from '@homecam/shared';
import { queryKeys } from '../api/query-keys';
import { createUser, deleteUser, listUsers, removeUserPhoto, updateUser, uploadUserPhoto } from '../api/users-api';
import { useCurrentUser, useSessionActions } from './use-session';
import { useApiMutation } from './use-api';
import { useHttp } from './use-http';

/** GET /api/users (admin). */
export function useUserList() {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.users, queryFn: () => listUsers(http), select: (list) => list.result });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.users });
}

export const useCreateUser = () => useApiMutation((http, body: CreateUserRequest) => createUser(http, body), { onSuccess: useInvalidateUsers() });

export const useDeleteUser = () => useApiMutation(deleteUser, { onSuccess: useInvalidateUsers() });

/**
 * Every change to a user goes through here; a change to the signed-in user also updates the stored
 * session, so the sidebar and the avatar follow at once.
 */
function useUserMutation<TVariables>(call: (variables: TVariables) => Promise<User>) {
  const invalidate = useInvalidateUsers();
  const me = useCurrentUser();
  const { userUpdated } = useSessionActions();
  return useMutation({
    mutationFn: call,
    onSuccess: async (user) => {
      if (me && user.id === me.id) {
        const { createdAt: _createdAt, ...sessionUser } = user;
        userUpdated(sessionUser);
      }
      await invalidate();
    },
  });
}

export function useUpdateUser() {
  const http = useHttp();
  return useUserMutation(({ id, body }: { id: number; body: UpdateUserRequest }) => updateUser(http, id, body));
}

export function useUploadPhoto() {
  const http = useHttp();
  return useUserMutation(({ id, file }: { id: number; file: File }) => uploadUserPhoto(http, id, file));
}

export function useRemovePhoto() {
  const http = useHttp();
  return useUserMutation((id: number) => removeUserPhoto(http, id));
}
