import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUiConfig } from '../api/config-api';
import { queryKeys } from '../api/query-keys';
import { useHttp } from './use-http';

/** GET /api/config/ui (version, name). Spec §8: a failed load is only logged. */
export function useUiConfig() {
  const http = useHttp();
  const query = useQuery({ queryKey: queryKeys.uiConfig, queryFn: () => getUiConfig(http), staleTime: Infinity });
  useEffect(() => {
    if (query.error) console.warn('[config] could not load the UI config', query.error);
  }, [query.error]);
  return query.data;
}
