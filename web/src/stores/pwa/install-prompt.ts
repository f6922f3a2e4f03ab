import { createStore } from '../../lib/create-store';

/**
 * Spec §2 install-to-home-screen button: Chromium announces installability with `beforeinstallprompt`; the
 * event is kept (and its mini-infobar suppressed) so the button can show the prompt from a click. The button
 * hides once the app is installed or when it already runs as an installed app.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPrompt {
  /** True while the browser lets us offer the install. */
  getState: () => boolean;
  subscribe: (listener: () => void) => () => void;
  install: () => Promise<void>;
}

export function createInstallPrompt(target: Pick<Window, 'addEventListener'>, standalone: () => boolean): InstallPrompt {
  const deferred = createStore<InstallPromptEvent | null>(null);
  const set = deferred.set;

  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (!standalone()) set(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => set(null));

  return {
    getState: () => deferred.getSnapshot() !== null,
    subscribe: deferred.subscribe,
    async install() {
      const event = deferred.getSnapshot();
      if (!event) return;
      // A prompt can be shown once; the browser fires beforeinstallprompt again if it may be offered later.
      set(null);
      await event.prompt();
      await event.userChoice;
    },
  };
}

export function runsStandalone(): boolean {
  const media = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return media || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}
