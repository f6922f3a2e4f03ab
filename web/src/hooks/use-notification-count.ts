import { useSyncExternalStore } from 'react';
import { useStores } from '../stores/stores-context';

export function useNotificationCount(): number {
  const { notificationCounter } = useStores();
  return useSyncExternalStore(notificationCounter.subscribe, notificationCounter.getSnapshot);
}
