import { createContext, useContext } from 'react';
import type { CameraStatusStore } from '../api/camera-status-store';
import type { HttpClient } from '../api/http-client';
import type { LogFeed } from '../api/log-feed';
import type { MetricsFeed } from '../api/metrics-feed';
import type { NotificationCounter } from '../api/notification-counter';
import type { RealtimeStatusStore } from '../api/realtime-client';
import type { InstallPrompt } from './pwa/install-prompt';
import type { PushSync } from './pwa/push-sync';
import type { SwUpdates } from './pwa/sw-updates';
import type { SessionStore } from './session/session-store';
import type { ThemeStore } from './theme/theme-store';
import type { ToastStore } from './toast/toast-store';

/**
 * The app's external stores (and its HTTP client) as hooks see them. Built once by createRuntime (app/start.tsx) and handed down by
 * <StoresContext.Provider>, so a hook depends on this interface, not on the module that wires the app.
 */
export interface AppStores {
  /** The one HTTP client, carrying the session's token (hooks take it from useHttp()). */
  http: HttpClient;
  sessionStore: SessionStore;
  toastStore: ToastStore;
  themeStore: ThemeStore;
  notificationCounter: NotificationCounter;
  cameraStatusStore: CameraStatusStore;
  /** Whether live updates flow (the navbar shows when they are paused). */
  realtimeStatus: RealtimeStatusStore;
  /** The server log's live entries (admins' sockets only get them). */
  logFeed: LogFeed;
  swUpdates: SwUpdates;
  installPrompt: InstallPrompt;
  pushSync: PushSync;
  /** Utilization samples as the socket brings them (admins). */
  metricsFeed: MetricsFeed;
  /** In-app navigation for code outside the router's components (the toaster). */
  navigateTo: (to: string) => void;
}

export const StoresContext = createContext<AppStores | null>(null);

export function useStores(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores needs <StoresContext.Provider> (see app/App.tsx)');
  return stores;
}
