/**
 * The few service-worker globals HomeCam uses, typed by hand: the WebWorker lib cannot be mixed with the DOM
 * lib in the web project, and narrow types let the unit test hand the handlers a fake scope.
 */
export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}

export interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}

export interface MessageEventLike {
  data: unknown;
}

export interface WindowClientLike {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
}

/** lib.dom's NotificationOptions lacks the fields only service-worker notifications have. */
export type ShowNotificationOptions = NotificationOptions & { image?: string; timestamp?: number; renotify?: boolean };

export interface ServiceWorkerScopeLike {
  location: { origin: string };
  registration: { showNotification(title: string, options?: ShowNotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
