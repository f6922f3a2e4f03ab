import { useSyncExternalStore } from 'react';
import type { RealtimeStatus } from '../api/realtime-client';
import { realtimeStatus } from '../app/runtime';

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtimeStatus.subscribe, realtimeStatus.getSnapshot);
}
