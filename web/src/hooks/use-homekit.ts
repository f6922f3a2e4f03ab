import type { HomekitPatch, HomekitStatus } from '@homecam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getHomekitStatus, resetHomekitPairing, updateHomekit } from '../api/homekit-api';
import { useHttp } from './use-http';

export const homekitQueryKey = ['homekit'] as const;

/**
 * The bridge's status. Polled: a phone pairing (or the bridge finishing its start) changes it without anything the
 * page did, and the admin is looking at the page waiting for exactly that.
 */
export function useHomekitStatus() {
  const http = useHttp();
  return useQuery({
    queryKey: homekitQueryKey,
    queryFn: () => getHomekitStatus(http),
    refetchInterval: (query) => (query.state.data?.state === 'starting' ? 1_000 : 5_000),
  });
}

/** PATCH and reset both answer the new status: it replaces the cached one at once. */
export function useHomekitMutations() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const onSuccess = (status: HomekitStatus) => queryClient.setQueryData(homekitQueryKey, status);
  const update = useMutation({ mutationFn: (patch: HomekitPatch) => updateHomekit(http, patch), onSuccess });
  const reset = useMutation({ mutationFn: () => resetHomekitPairing(http), onSuccess });
  return { update, reset };
}
