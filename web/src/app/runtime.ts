import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { logout } from '../api/auth-api';
import { configureHttpClient } from '../api/http-client';
import { createCameraStatusStore } from '../api/camera-status-store';
import { createNotificationCounter } from '../api/notification-counter';
import { createEventListSync } from '../api/event-sync';
import { createRealtimeClient } from '../api/realtime-client';
import { createEventToasts } from './toast/notification-toast';
import { createI18n } from '../i18n/create-i18n';
import { initialSessionState } from './session/session-machine';
import { createSessionStore } from './session/session-store';
import { readStoredSession } from './session/stored-session';
import { createThemeStore } from './theme/theme-store';
import { createToastStore } from './toast/toast-store';

/**
 * The app's long-lived singletons and how they are wired together. Stores live outside React
 * because the navigation guard (a router loader), the HTTP client and the socket need them too.
 */
export const i18n = createI18n();
export const toastStore = createToastStore();
export const notificationCounter = createNotificationCounter();
export const cameraStatusStore = createCameraStatusStore();

export const themeStore = createThemeStore({
  storage: localStorage,
  root: document.documentElement,
  systemDarkQuery: typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null,
});

/** Replaced by the router once it exists (the router's loaders import this module). */
const navigation = { navigate: (to: string) => window.location.assign(to) };
export function setNavigator(navigate: (to: string) => void) {
  navigation.navigate = navigate;
}
/** In-app navigation for code outside the router (the toaster). */
export function navigateTo(to: string) {
  navigation.navigate(to);
}

const eventToasts = createEventToasts(toastStore, i18n.t.bind(i18n));

/** Created below; the socket handlers only run after sign-in, long after this module ran. */
let eventLists: ReturnType<typeof createEventListSync> | null = null;

const realtime = createRealtimeClient({
  // The server sends `increaseNotification` with every `notification`: the counter follows that one only.
  onNotification: (notification) => {
    eventLists?.notificationAdded(notification);
    eventToasts.notification(notification);
  },
  onIncrease: () => notificationCounter.increase(),
  onSize: (size) => notificationCounter.set(size),
  onRemove: (id) => {
    notificationCounter.remove(id);
    eventLists?.notificationRemoved(id);
  },
  onRecording: (recording) => eventLists?.recordingAdded(recording),
  onRemoveRecording: (id) => eventLists?.recordingRemoved(id),
  onCameraState: (status) => cameraStatusStore.set(status),
  onSessionEnded: () => sessionStore.dispatch({ type: 'SESSION_ENDED' }),
});
/** Whether live updates flow (the navbar shows when they are paused). */
export const realtimeStatus = realtime.status;

const stored = readStoredSession(localStorage);
export const sessionStore = createSessionStore(initialSessionState(stored.session, stored.photoUrl), {
  storage: localStorage,
  connectSocket: (token) => realtime.connect(token),
  disconnectSocket: () => {
    realtime.disconnect();
    notificationCounter.reset();
    cameraStatusStore.reset();
  },
  callLogout: logout,
  navigate: (to) => navigation.navigate(to),
  schedule: (run, delayMs) => void setTimeout(run, delayMs),
  logError: (message, error) => console.warn(`[session] ${message}`, error),
});

configureHttpClient({
  getToken: () => {
    const state = sessionStore.getState();
    return state.status === 'signedIn' ? state.session.access_token : null;
  },
  onSessionLost: () => sessionStore.dispatch({ type: 'SESSION_ENDED' }),
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip may.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
eventLists = createEventListSync(queryClient);
