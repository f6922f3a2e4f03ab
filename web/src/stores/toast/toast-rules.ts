/**
 * Toast rules of spec §9: at most one toast at a time, the newest replaces it; success, error and
 * warning sit bottom-right for 3 s, info top-center for 5 s, and the default type stays until closed.
 */
export type ToastType = 'default' | 'success' | 'error' | 'warning' | 'info';
export type ToastPosition = 'bottom-right' | 'top-center';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** A picture shown with the message (a notification's thumbnail). */
  image?: string;
  /** An in-app path the toast links to, with its (translated) label. */
  link?: { to: string; label: string };
}

export const MAX_TOASTS = 1;

const DURATION_MS: Record<ToastType, number | null> = {
  default: null,
  success: 3000,
  error: 3000,
  warning: 3000,
  info: 5000,
};

/** Milliseconds until the toast closes itself; null: it stays until closed. */
export function toastDuration(type: ToastType): number | null {
  return DURATION_MS[type];
}

export function toastPosition(type: ToastType): ToastPosition {
  return type === 'info' ? 'top-center' : 'bottom-right';
}

/** Newest first, capped at MAX_TOASTS. */
export function addToast(queue: readonly Toast[], toast: Toast): Toast[] {
  return [toast, ...queue].slice(0, MAX_TOASTS);
}

export function removeToast(queue: readonly Toast[], id: number): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}
