import { describe, expect, it, vi } from 'vitest';
import type { CameraStatus } from '@homecam/shared';
import { createCameraStatusStore } from './camera-status-store';

const status = (name: string, state: CameraStatus['state'], since: string): CameraStatus => ({
  name,
  state,
  reason: null,
  viewers: 0,
  codecs: null,
  transcoding: false,
  since,
});

describe('camera status store', () => {
  it('keeps the newest state per camera, whatever the case of its name', () => {
    const store = createCameraStatusStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(status('Garden', 'starting', '2025-01-01T00:00:00Z'));
    store.set(status('garden', 'streaming', '2025-01-01T00:00:02Z'));
    store.set(status('Garden', 'starting', '2025-01-01T00:00:01Z'));
    expect(store.get('GARDEN')?.state).toBe('streaming');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('forgets everything on reset', () => {
    const store = createCameraStatusStore();
    store.set(status('a', 'offline', '2025-01-01T00:00:00Z'));
    const version = store.getVersion();
    store.reset();
    expect(store.get('a')).toBeUndefined();
    expect(store.getVersion()).toBeGreaterThan(version);
  });
});
