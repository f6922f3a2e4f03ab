import { useSyncExternalStore } from 'react';
import { notificationCounter } from '../app/runtime';

export function useNotificationCount(): number {
  return useSyncExternalStore(notificationCounter.subscribe, notificationCounter.getSnapshot);
}
