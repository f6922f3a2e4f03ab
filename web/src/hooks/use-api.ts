import { useMutation, useQuery, type QueryKey, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../api/http-client';
import { useHttp } from './use-http';

/**
 * A query whose fetch gets the runtime's HTTP client and the query's abort signal:
 * `useApiQuery(queryKeys.rooms, listRooms, { enabled })`.
 */
export function useApiQuery<T>(
  queryKey: QueryKey,
  load: (http: HttpClient, signal: AbortSignal) => Promise<T>,
  options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> = {},
) {
  const http = useHttp();
  return useQuery({ ...options, queryKey, queryFn: ({ signal }) => load(http, signal) });
}

/** A mutation whose call gets the runtime's HTTP client first: `useApiMutation(createRoom, { onSuccess })`. */
export function useApiMutation<TVariables = void, TData = unknown>(
  call: (http: HttpClient, variables: TVariables) => Promise<TData>,
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> = {},
) {
  const http = useHttp();
  return useMutation({ ...options, mutationFn: (variables: TVariables) => call(http, variables) });
}
