import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenRequest } from '@homecam/shared';
import { createApiToken, endOtherSessions, endSession, listAllApiTokens, listApiTokens, listSessions, revokeApiToken } from '../api/access-api';
import { queryKeys } from '../api/query-keys';
import { useApiMutation, useApiQuery } from './use-api';
import { useHttp } from './use-http';

/** Issue 21: a user's signed-in devices, refreshed each minute (last seen moves at most that often). */
export const useSessions = (userId: number) =>
  useApiQuery(queryKeys.sessions(userId), async (http, signal) => (await listSessions(http, userId, signal)).result, { refetchInterval: 60_000 });

function useRefresh(...keys: (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
  const refresh = useRefresh(queryKeys.apiTokens(userId), queryKeys.allApiTokens);
  return useApiMutation((http, tokenId: string) => revokeApiToken(http, userId, tokenId), { onSuccess: refresh });
}

/** Every user's API tokens with their owners (admin), page after page, newest first. */
export function useAllApiTokens() {
  const http = useHttp();
  const query = useInfiniteQuery({
    queryKey: queryKeys.allApiTokens,
    queryFn: ({ pageParam, signal }) => listAllApiTokens(http, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, tokens: query.data?.pages.flatMap((page) => page.result) };
}

/**
 * An admin revokes any user's token from the list of all: the same per-user route as everywhere (so whatever the
 * token has open closes at once), then both lists are asked again.
 */
export function useRevokeAnyApiToken() {
  const queryClient = useQueryClient();
  return useApiMutation((http, token: { userId: number; id: string }) => revokeApiToken(http, token.userId, token.id), {
    onSuccess: (_done, token) =>
      Promise.all([queryKeys.allApiTokens, queryKeys.apiTokens(token.userId)].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
