import { createStore } from '../../lib/create-store';
import { clearStoredSession, writeStoredSession } from './stored-session';
import { transition, type SessionEffect, type SessionEvent, type SessionState } from './session-machine';

/** The outside world the session talks to; injected so tests and the app wire it differently. */
export interface SessionPorts {
  storage: Pick<Storage, 'setItem' | 'removeItem'>;
  connectSocket(token: string): void;
  disconnectSocket(): void;
  callLogout(token: string): Promise<void>;
  navigate(to: string): void;
  schedule(run: () => void, delayMs: number): void;
  logError(message: string, error: unknown): void;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  dispatch: (event: SessionEvent) => void;
}

/** An external store (read with useSyncExternalStore) that runs the machine's effects. */
export function createSessionStore(initial: SessionState, ports: SessionPorts): SessionStore {
  const store = createStore(initial);

  function run(effect: SessionEffect) {
    switch (effect.type) {
      case 'persistSession':
        writeStoredSession(ports.storage, { session: effect.session, photoUrl: effect.photoUrl });
        return;
      case 'clearStoredSession':
        clearStoredSession(ports.storage);
        return;
      case 'connectSocket':
        ports.connectSocket(effect.token);
        return;
      case 'disconnectSocket':
        ports.disconnectSocket();
        return;
      case 'callLogout':
        // Spec §4: a failed logout call is only logged; the user is signed out locally anyway.
        ports.callLogout(effect.token).catch((error: unknown) => ports.logError('logout failed', error));
        return;
      case 'navigate':
        if (effect.delayMs > 0) ports.schedule(() => ports.navigate(effect.to), effect.delayMs);
        else ports.navigate(effect.to);
        return;
    }
  }

  return {
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    dispatch(event) {
      const next = transition(store.getSnapshot(), event);
      // Listeners first (set() tells them of a change): a page reading the session must not render the old
      // user after a navigation.
      store.set(next.state);
      next.effects.forEach(run);
    },
  };
}
