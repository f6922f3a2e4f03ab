import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { ApiError } from '../lib/api-error';
import { logout } from '../api/auth-api';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { createCameraStatusStore } from '../api/camera-status-store';
import { createNotificationCounter } from '../api/notification-counter';
import { createEventListSync } from '../api/event-sync';
import { createExportSync } from '../api/export-sync';
import { createOnvifEventsSync } from '../api/onvif-events-sync';
import { createLogFeed } from '../api/log-feed';
import { createMetricsFeed } from '../api/metrics-feed';
import { createRealtimeClient } from '../api/realtime-client';
import { createI18n } from '../i18n/create-i18n';
import type { AppStores } from '../stores/stores-context';
import { createPwa } from './pwa/pwa-runtime';
import { createEventToasts } from './notification-toast';
import { initialSessionState } from '../stores/session/session-machine';
import { createSessionStore, type SessionStore } from '../stores/session/session-store';
import { readStoredSession } from '../stores/session/stored-session';
import { createThemeStore } from '../stores/theme/theme-store';
import { createToastStore } from '../stores/toast/toast-store';

/** What the runtime reads from the browser; passed in, so nothing happens at import time. */
export interface RuntimeEnvironment {
  storage: Storage;
  document: Document;
  window: Window;
}

export interface Runtime extends AppStores {
  i18n: I18n;
  queryClient: QueryClient;
  storage: Storage;
  /** The router calls this once it exists (its loaders need the runtime first). */
  setNavigator: (navigate: (to: string) => void) => void;
  /** Registers the service worker after the page has loaded (production builds only). */
  startPwa: () => void;
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network blip may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/** Requests carry the signed-in session's token; a request that finds the session gone ends it here too. */
function createSessionHttpClient(session: () => SessionStore): HttpClient {
  return createHttpClient({
    getToken: () => {
      const state = session().getState();
      return state.status === 'signedIn' ? state.session.access_token : null;
    },
    onSessionLost: () => session().dispatch({ type: 'SESSION_ENDED' }),
  });
}

/** The theme store of this window: the stored choice, else the system's dark mode; applied to the root element. */
function windowTheme({ storage, document, window }: RuntimeEnvironment) {
  return createThemeStore({
    storage,
    root: document.documentElement,
    systemDarkQuery: typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null,
  });
}

/**
 * The app's long-lived objects and how they are wired together, built once by app/start.tsx. Stores live outside
 * React because the navigation guard (a router loader), the HTTP client and the socket need them too.
 */
export function createRuntime({ storage, document, window }: RuntimeEnvironment): Runtime {
  const i18n = createI18n();
  const toastStore = createToastStore();
  const notificationCounter = createNotificationCounter();
  const cameraStatusStore = createCameraStatusStore();
  const themeStore = windowTheme({ storage, document, window });
  const navigation = { navigate: (to: string) => window.location.assign(to) };
  const queryClient = createQueryClient();
  // The session store is built below (it needs the socket, which needs the feeds); the client reads it per request.
  const http = createSessionHttpClient(() => sessionStore);
  const eventLists = createEventListSync(queryClient);
  const exportList = createExportSync(queryClient);
  const onvifEvents = createOnvifEventsSync(queryClient);
  const eventToasts = createEventToasts(toastStore, i18n.t.bind(i18n));
  const logFeed = createLogFeed();
  const metricsFeed = createMetricsFeed();

  const realtime = createRealtimeClient({
    // The server sends `increaseNotification` with every `notification`: the counter follows that one only.
    onNotification: (notification) => {
      eventLists.notificationAdded(notification);
      eventToasts.notification(notification);
    },
    onIncrease: () => notificationCounter.increase(),
    onSize: (size) => notificationCounter.set(size),
    onRemove: (id) => {
      notificationCounter.remove(id);
      eventLists.notificationRemoved(id);
    },
    onRecording: (recording) => eventLists.recordingAdded(recording),
    onRemoveRecording: (id) => eventLists.recordingRemoved(id),
    onCameraState: (status) => cameraStatusStore.set(status),
    onSessionEnded: () => sessionStore.dispatch({ type: 'SESSION_ENDED' }),
    onLogMessage: (entries) => logFeed.push(entries),
    onMetrics: (update) => metricsFeed.push(update),
    onExportProgress: (job) => exportList.exportProgressed(job),
    onOnvifEventStatus: (status) => onvifEvents.statusChanged(status),
  });

  const stored = readStoredSession(storage);
  const sessionStore = createSessionStore(initialSessionState(stored.session, stored.photoUrl), {
    storage,
    connectSocket: (token) => realtime.connect(token),
    disconnectSocket: () => {
      realtime.disconnect();
      notificationCounter.reset();
      cameraStatusStore.reset();
    },
    callLogout: (token) => logout(http, token),
    navigate: (to) => navigation.navigate(to),
    schedule: (run, delayMs) => void setTimeout(run, delayMs),
    logError: (message, error) => console.warn(`[session] ${message}`, error),
  });

  const pwa = createPwa({ i18n, http, sessionStore, storage, document, window });
  return {
    i18n,
    queryClient,
    storage,
    http,
    toastStore,
    notificationCounter,
    cameraStatusStore,
    themeStore,
    sessionStore,
    realtimeStatus: realtime.status,
    logFeed,
    metricsFeed,
    swUpdates: pwa.swUpdates,
    installPrompt: pwa.installPrompt,
    pushSync: pwa.pushSync,
    startPwa: pwa.start,
    navigateTo: (to) => navigation.navigate(to),
    setNavigator: (navigate) => {
      navigation.navigate = navigate;
    },
  };
}
