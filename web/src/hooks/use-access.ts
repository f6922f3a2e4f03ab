import { useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenRequest } from '@homecam/shared';
import { createApiToken, endOtherSessions, endSession, listApiTokens, listSessions, revokeApiToken } from '../api/access-api';
import { queryKeys } from '../api/query-keys';
import { useApiMutation, useApiQuery } from './use-api';

/** Issue 21: a user's signed-in devices, refreshed each minute (last seen moves at most that often). */
export const useSessions = (userId: number) =>
  useApiQuery(queryKeys.sessions(userId), async (http, signal) => (await listSessions(http, userId, signal)).result, { refetchInterval: 60_000 });

function useRefresh(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useEndSession(userId: number) {
  const refresh = useRefresh(queryKeys.sessions(userId));
  return useApiMutation((http, sessionId: string) => endSession(http, userId, sessionId), { onSuccess: refresh });
}

export function useEndOtherSessions(userId: number) {
  const refresh = useRefresh(queryKeys.sessions(userId));
  return useApiMutation((http) => endOtherSessions(http, userId), { onSuccess: refresh });
}

export const useApiTokens = (userId: number) =>
  useApiQuery(queryKeys.apiTokens(userId), async (http, signal) => (await listApiTokens(http, userId, signal)).result);

/** Makes a token for the signed-in user (the server makes tokens for their owner only). */
export function useCreateApiToken(userId: number) {
  const refresh = useRefresh(queryKeys.apiTokens(userId));
  return useApiMutation((http, body: CreateApiTokenRequest) => createApiToken(http, body), { onSuccess: refresh });
}

export function useRevokeApiToken(userId: number) {
  const refresh = useRefresh(queryKeys.apiTokens(userId));
  return useApiMutation((http, tokenId: string) => revokeApiToken(http, userId, tokenId), { onSuccess: refresh });
}
