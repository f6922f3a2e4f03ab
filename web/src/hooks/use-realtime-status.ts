import { useSyncExternalStore } from 'react';
import type { RealtimeStatus } from '../api/realtime-client';
import { useStores } from '../stores/stores-context';

export function useRealtimeStatus(): RealtimeStatus {
  const { realtimeStatus } = useStores();
  return useSyncExternalStore(realtimeStatus.subscribe, realtimeStatus.getSnapshot);
}
