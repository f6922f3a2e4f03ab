import { io, type Socket } from 'socket.io-client';
import {
  UI_TIMINGS,
  type CameraStatus,
  type ClientToServerEvents,
  type ExportJob,
  type LogEntry,
  type MetricsUpdate,
  type NotificationPayload,
  type OnvifEventStatus,
  type Recording,
  type ServerToClientEvents,
} from '@homecam/shared';
import { createStore } from '../lib/create-store';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeHandlers {
  /** A new notification (toast, lists). The counter follows `increaseNotification`, which the server sends with it. */
  onNotification: (notification: NotificationPayload) => void;
  onIncrease: () => void;
  onSize: (size: number) => void;
  onRemove: (id: string | null) => void;
  /** A camera stream changed state (status dots). */
  onCameraState: (status: CameraStatus) => void;
  /** A recording finished. */
  onRecording: (recording: Recording) => void;
  /** A recording was removed; null = all. */
  onRemoveRecording: (id: string | null) => void;
  /** The server ended the session (sessionEnded, or the handshake refused the token). */
  onSessionEnded: () => void;
  /** New server log entries (admins only), for the Console. */
  onLogMessage?: (entries: LogEntry[]) => void;
  /** A utilization sample (admins' sockets only). */
  onMetrics?: (update: MetricsUpdate) => void;
  /** One of the user's exports changed (queued, progress, done, failed). */
  onExportProgress?: (job: ExportJob) => void;
  /** A camera's ONVIF event subscription changed (users who may see the camera settings). */
  onOnvifEventStatus?: (status: OnvifEventStatus) => void;
}

/** Handshake refusals whose meaning is "this session is over" (the message is the error code). */
const SESSION_GONE = new Set(['UNAUTHENTICATED', 'SESSION_EXPIRED']);

/**
 * Where the live socket stands: `off` before sign-in and after sign-out, `connecting` until the first
 * handshake succeeds, `connected`, and `reconnecting` while the server cannot be reached (live updates
 * are paused; the UI says so).
 */
export type RealtimeStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeStatusStore {
  getSnapshot: () => RealtimeStatus;
  subscribe: (listener: () => void) => () => void;
}

export interface RealtimeClient {
  connect: (token: string) => void;
  disconnect: () => void;
  status: RealtimeStatusStore;
}

/**
 * The live socket of spec §7: same origin, connected by hand after sign-in with the token, reconnecting
 * every 500 ms without limit, closed on sign-out. Connecting again with the same token is a no-op, so
 * callers may simply say what they want after every session check.
 */
export function createRealtimeClient(handlers: RealtimeHandlers, connectTo: typeof io = io): RealtimeClient {
  let socket: RealtimeSocket | null = null;
  let socketToken: string | null = null;
  const status = createStore<RealtimeStatus>('off');
  const setStatus = status.set;

  function disconnect() {
    if (!socket) return;
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
    socketToken = null;
    setStatus('off');
  }

  function connect(token: string) {
    if (socket && socketToken === token) return;
    disconnect();
    const next: RealtimeSocket = connectTo({
      autoConnect: false,
      // Live video needs WebSocket anyway; skipping the long-polling start saves round trips and an
      // upgrade that a sign-out could interrupt halfway.
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
      reconnectionDelay: UI_TIMINGS.socketReconnectDelayMs,
      reconnectionDelayMax: UI_TIMINGS.socketReconnectDelayMs,
      reconnectionAttempts: Infinity,
    });
    next.on('notification', (notification) => handlers.onNotification(notification));
    next.on('increaseNotification', () => handlers.onIncrease());
    next.on('notificationSize', (size) => handlers.onSize(size));
    next.on('removeNotification', (id) => handlers.onRemove(id));
    next.on('cameraState', (status) => handlers.onCameraState(status));
    next.on('recording', (recording) => handlers.onRecording(recording));
    next.on('removeRecording', (id) => handlers.onRemoveRecording(id));
    next.on('sessionEnded', () => handlers.onSessionEnded());
    next.on('logMessage', (entries) => handlers.onLogMessage?.(entries));
    next.on('metrics', (update) => handlers.onMetrics?.(update));
    next.on('exportProgress', (job) => handlers.onExportProgress?.(job));
    next.on('onvifEventStatus', (status) => handlers.onOnvifEventStatus?.(status));
    next.on('connect', () => setStatus('connected'));
    // socket.io reconnects by itself after any disconnect it did not ask for.
    next.on('disconnect', () => setStatus('reconnecting'));
    next.on('connect_error', (error) => {
      if (SESSION_GONE.has(error.message)) handlers.onSessionEnded();
      else setStatus('reconnecting');
    });
    socket = next;
    socketToken = token;
    setStatus('connecting');
    next.connect();
  }

  return {
    connect,
    disconnect,
    status: { getSnapshot: status.getSnapshot, subscribe: status.subscribe },
  };
}
