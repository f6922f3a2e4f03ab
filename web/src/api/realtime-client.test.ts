import { describe, expect, it, vi } from 'vitest';
import type { io } from 'socket.io-client';
import { createRealtimeClient, type RealtimeHandlers } from './realtime-client';

/** A stand-in for socket.io's `io()`: records the options and lets the test fire server events. */
function fakeIo() {
  const sockets: { options: unknown; handlers: Map<string, (...args: unknown[]) => void>; connect: ReturnType<typeof vi.fn>; disconnect: ReturnType<typeof vi.fn> }[] = [];
  const factory = vi.fn((options: unknown) => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const socket = {
      options,
      handlers,
      connect: vi.fn(),
      disconnect: vi.fn(),
      on: (event: string, handler: (...args: unknown[]) => void) => void handlers.set(event, handler),
      removeAllListeners: () => handlers.clear(),
    };
    sockets.push(socket);
    return socket;
  });
  return { factory: factory as unknown as typeof io, sockets };
}

const handlers = (): RealtimeHandlers => ({
  onNotification: vi.fn(),
  onIncrease: vi.fn(),
  onSize: vi.fn(),
  onRemove: vi.fn(),
  onCameraState: vi.fn(),
  onRecording: vi.fn(),
  onRemoveRecording: vi.fn(),
  onSessionEnded: vi.fn(),
});

describe('realtime client (spec §7)', () => {
  it('connects by hand with the token, reconnecting every 500 ms without limit', () => {
    const { factory, sockets } = fakeIo();
    createRealtimeClient(handlers(), factory).connect('tok');
    expect(sockets[0]?.options).toEqual({
      autoConnect: false,
      transports: ['websocket'],
      auth: { token: 'tok' },
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Infinity,
    });
    expect(sockets[0]?.connect).toHaveBeenCalledOnce();
  });

  it('reuses the socket for the same token and replaces it for a new one', () => {
    const { factory, sockets } = fakeIo();
    const client = createRealtimeClient(handlers(), factory);
    client.connect('a');
    client.connect('a');
    expect(sockets).toHaveLength(1);
    client.connect('b');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.disconnect).toHaveBeenCalled();
  });

  it('routes the server events to the counter and the session', () => {
    const { factory, sockets } = fakeIo();
    const h = handlers();
    createRealtimeClient(h, factory).connect('tok');
    const fire = (event: string, ...args: unknown[]) => sockets[0]?.handlers.get(event)?.(...args);
    fire('notification', {});
    fire('increaseNotification');
    fire('notificationSize', 12);
    fire('removeNotification', null);
    fire('sessionEnded');
    fire('cameraState', { name: 'Garden', state: 'streaming' });
    fire('recording', { id: 'r1' });
    fire('removeRecording', 'r0');
    expect(h.onRecording).toHaveBeenCalledWith({ id: 'r1' });
    expect(h.onRemoveRecording).toHaveBeenCalledWith('r0');
    expect(h.onNotification).toHaveBeenCalledWith({});
    expect(h.onCameraState).toHaveBeenCalledWith({ name: 'Garden', state: 'streaming' });
    expect(h.onNotification).toHaveBeenCalledOnce();
    expect(h.onIncrease).toHaveBeenCalledOnce();
    expect(h.onSize).toHaveBeenCalledWith(12);
    expect(h.onRemove).toHaveBeenCalledWith(null);
    expect(h.onSessionEnded).toHaveBeenCalledOnce();
  });

  it('treats a refused handshake for an ended session as the session ending, but not a network error', () => {
    const { factory, sockets } = fakeIo();
    const h = handlers();
    createRealtimeClient(h, factory).connect('tok');
    sockets[0]?.handlers.get('connect_error')?.(new Error('xhr poll error'));
    expect(h.onSessionEnded).not.toHaveBeenCalled();
    sockets[0]?.handlers.get('connect_error')?.(new Error('SESSION_EXPIRED'));
    expect(h.onSessionEnded).toHaveBeenCalledOnce();
  });

  it('closes the socket on disconnect', () => {
    const { factory, sockets } = fakeIo();
    const client = createRealtimeClient(handlers(), factory);
    client.connect('tok');
    client.disconnect();
    expect(sockets[0]?.disconnect).toHaveBeenCalled();
  });

  it('reports its connection status: connecting, connected, reconnecting after a drop, off after sign-out', () => {
    const { factory, sockets } = fakeIo();
    const client = createRealtimeClient(handlers(), factory);
    const seen: string[] = [];
    client.status.subscribe(() => seen.push(client.status.getSnapshot()));
    expect(client.status.getSnapshot()).toBe('off');
    client.connect('tok');
    const fire = (event: string, ...args: unknown[]) => sockets[0]?.handlers.get(event)?.(...args);
    fire('connect');
    fire('disconnect', 'transport close');
    fire('connect_error', new Error('xhr poll error'));
    fire('connect');
    client.disconnect();
    expect(seen).toEqual(['connecting', 'connected', 'reconnecting', 'connected', 'off']);
  });
});

describe('realtime client: utilization', () => {
  it('hands `metrics` samples to onMetrics', () => {
    const { factory, sockets } = fakeIo();
    const onMetrics = vi.fn();
    createRealtimeClient({ ...handlers(), onMetrics }, factory).connect('tok');
    const update = { sample: { t: 1 }, cameras: [] };
    sockets[0]?.handlers.get('metrics')?.(update);
    expect(onMetrics).toHaveBeenCalledWith(update);
  });
});

describe('realtime client: exports', () => {
  it('hands `exportProgress` to onExportProgress', () => {
    const { factory, sockets } = fakeIo();
    const onExportProgress = vi.fn();
    createRealtimeClient({ ...handlers(), onExportProgress }, factory).connect('tok');
    const job = { id: 'e1', status: 'running', progress: 0.5 };
    sockets[0]?.handlers.get('exportProgress')?.(job);
    expect(onExportProgress).toHaveBeenCalledWith(job);
  });
});

describe('realtime client: ONVIF event status (issue 22)', () => {
  it('hands `onvifEventStatus` to onOnvifEventStatus', () => {
    const { factory, sockets } = fakeIo();
    const onOnvifEventStatus = vi.fn();
    createRealtimeClient({ ...handlers(), onOnvifEventStatus }, factory).connect('tok');
    const status = { camera: 'Porch', state: 'retrying', problem: null, subscribedAt: null, lastEventAt: null };
    sockets[0]?.handlers.get('onvifEventStatus')?.(status);
    expect(onOnvifEventStatus).toHaveBeenCalledWith(status);
  });
});
