import { describe, expect, it, vi } from 'vitest';
import type { CameraStatus } from '@homecam/shared';
import { createCameraStatusStore } from './camera-status-store';

const status = (name: string, state: CameraStatus['state'], since: string): CameraStatus => ({
  name,
  state,
  reason: null,
  offAir: null,
  viewers: 0,
  codecs: null,
  transcoding: false,
  since,
});

describe('camera status store', () => {
  it('keeps the newest state per camera, whatever the case of its name', () => {
    const store = createCameraStatusStore();
    const listener = vi.fn();
    store.subscribe('garden', listener);
    store.set(status('Garden', 'starting', '2025-01-01T00:00:00Z'));
    store.set(status('garden', 'streaming', '2025-01-01T00:00:02Z'));
    store.set(status('Garden', 'starting', '2025-01-01T00:00:01Z'));
    expect(store.get('GARDEN')?.state).toBe('streaming');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on reset', () => {
    const store = createCameraStatusStore();
    store.set(status('a', 'offline', '2025-01-01T00:00:00Z'));
    const listener = vi.fn();
    store.subscribe('a', listener);
    store.reset();
    expect(store.get('a')).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("a change to camera A does not notify camera B's subscriber", () => {
    const store = createCameraStatusStore();
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe('A', a);
    store.subscribe('B', b);
    store.set(status('a', 'streaming', '2025-01-01T00:00:00Z'));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(store.get('b')).toBeUndefined();
  });

  it('stops notifying after unsubscribe', () => {
    const store = createCameraStatusStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe('a', listener);
    unsubscribe();
    store.set(status('a', 'streaming', '2025-01-01T00:00:00Z'));
    expect(listener).not.toHaveBeenCalled();
  });
});
