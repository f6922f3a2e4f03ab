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
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  function update(next: readonly Toast[]) {
    // A toast pushed out of the queue must not keep a timer that would fire for nothing.
    for (const [id, timer] of timers) {
      if (!next.some((toast) => toast.id === id)) {
        clearTimeout(timer);
        timers.delete(id);
      }
    }
    toasts = next;
    listeners.forEach((listener) => listener());
  }

  function startTimer(id: number, type: ToastType) {
    const duration = toastDuration(type);
    if (duration !== null) timers.set(id, setTimeout(() => dismiss(id), duration));
  }

  function dismiss(id: number) {
    if (toasts.some((toast) => toast.id === id)) update(removeToast(toasts, id));
  }

  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(type, message, extras) {
      const id = nextId++;
      update(addToast(toasts, { id, type, message, ...extras }));
      startTimer(id, type);
      return id;
    },
    dismiss,
    dismissAll: () => {
      if (toasts.length > 0) update([]);
    },
  };
}
