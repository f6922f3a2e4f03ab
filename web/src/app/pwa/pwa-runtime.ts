import type { i18n as I18n } from 'i18next';
import type { HttpClient } from '../../api/http-client';
import { deletePushSubscription, getPushStatus, savePushSubscription } from '../../api/push-api';
import { currentLanguage } from '../../i18n/create-i18n';
import { currentUser } from '../../stores/session/session-machine';
import type { SessionStore } from '../../stores/session/session-store';
import { createInstallPrompt, runsStandalone } from '../../stores/pwa/install-prompt';
import { createPushSync } from '../../stores/pwa/push-sync';
import { createSwUpdates } from '../../stores/pwa/sw-updates';

export interface PwaEnvironment {
  i18n: I18n;
  http: HttpClient;
  sessionStore: SessionStore;
  storage: Storage;
  document: Document;
  window: Window;
}

/**
 * The installable-app side of HomeCam: the service worker (update banner, spec §4), the install button (§2) and
 * the push subscription (§4). Built by createRuntime; it only listens to the session store.
 */
export function createPwa({ i18n, http, sessionStore, storage, document, window }: PwaEnvironment) {
  const { navigator } = window;
  const supported = 'serviceWorker' in navigator;
  // Only a production build has /sw.js; the dev server and the unit tests run without a worker.
  const enabled = supported && import.meta.env.PROD;
  let registration: Promise<ServiceWorkerRegistration> | null = null;

  const swUpdates = createSwUpdates(
    supported ? navigator.serviceWorker : { controller: null, addEventListener: () => undefined },
    () => window.location.reload(),
  );
  const installPrompt = createInstallPrompt(window, runsStandalone);
  const pushSync = createPushSync({
    registration: () => registration,
    getUser: () => currentUser(sessionStore.getState()),
    getLanguage: () => currentLanguage(i18n),
    storage,
    api: { status: () => getPushStatus(http), save: (body) => savePushSubscription(http, body), remove: () => deletePushSubscription(http) },
    warn: (message, error) => console.warn(message, error),
  });

  /** Re-applies the push rules whenever the signed-in user changes (sign-in, sign-out, new permissions). */
  function followSession() {
    let last = currentUser(sessionStore.getState());
    sessionStore.subscribe(() => {
      const user = currentUser(sessionStore.getState());
      if (user === last) return;
      // Every session check stores a fresh user object: only a change that matters to push runs the rules again.
      const relevant =
        user?.id !== last?.id ||
        user?.permissionLevel.join() !== last?.permissionLevel.join() ||
        user?.mustChangeCredentials !== last?.mustChangeCredentials;
      last = user;
      if (relevant) void pushSync.sync();
    });
  }

  function start() {
    if (!enabled) return;
    const register = () => {
      registration = navigator.serviceWorker.register('/sw.js', { scope: '/' }).then((registered) => {
        swUpdates.watch(registered);
        // A tab left open for days never navigates; look for a new version whenever it comes back into view.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registered.update().catch(() => undefined);
        });
        return navigator.serviceWorker.ready;
      });
      registration.catch((error: unknown) => console.warn('[app] service worker registration failed', error));
      void pushSync.sync();
      followSession();
      // A subscription posted in another language is posted again, so pushes follow the UI language.
      i18n.on('languageChanged', () => void pushSync.sync());
    };
    // After load: the worker's download must not compete with the app's own first requests.
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }

  return { swUpdates, installPrompt, pushSync, start };
}
