import { createStore } from '../../lib/create-store';
import { addToast, removeToast, toastDuration, type Toast, type ToastType } from './toast-rules';

export type ToastExtras = Pick<Toast, 'image' | 'link'>;

export interface ToastStore {
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
  show: (type: ToastType, message: string, extras?: ToastExtras) => number;
  dismiss: (id: number) => void;
  dismissAll: () => void;
}

/** External store for toasts, so the navigation guard (outside React) can raise one too. */
export function createToastStore(): ToastStore {
  const store = createStore<readonly Toast[]>([]);
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function update(next: readonly Toast[]) {
    // A toast pushed out of the queue must not keep a timer that would fire for nothing.
    for (const [id, timer] of timers) {
      if (!next.some((toast) => toast.id === id)) {
        clearTimeout(timer);
        timers.delete(id);
      }
    }
    store.set(next);
  }

  function startTimer(id: number, type: ToastType) {
    const duration = toastDuration(type);
    if (duration !== null) timers.set(id, setTimeout(() => dismiss(id), duration));
  }

  function dismiss(id: number) {
    const toasts = store.getSnapshot();
    if (toasts.some((toast) => toast.id === id)) update(removeToast(toasts, id));
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    show(type, message, extras) {
      const id = nextId++;
      update(addToast(store.getSnapshot(), { id, type, message, ...extras }));
      startTimer(id, type);
      return id;
    },
    dismiss,
    dismissAll: () => {
      if (store.getSnapshot().length > 0) update([]);
    },
  };
}
