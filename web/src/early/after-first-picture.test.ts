import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PICTURE_MAX_WAIT_MS, afterFirstPicture } from './after-first-picture';

describe('what the early script asks for once its picture shows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes out when the first frame shows, once', async () => {
    let show = () => undefined as void;
    const shown = new Promise<void>((resolve) => (show = resolve));
    const then = vi.fn();
    afterFirstPicture(shown, then);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    show();
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes out at once without a picture, and after the longest wait when no frame shows', async () => {
    const then = vi.fn();
    afterFirstPicture(null, then);
    expect(then).toHaveBeenCalledTimes(1);
    afterFirstPicture(new Promise<void>(() => undefined), then);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS - 1);
    expect(then).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledTimes(2);
  });

  it('goes out when the picture gives up (its promise settles either way)', async () => {
    const then = vi.fn();
    afterFirstPicture(Promise.reject(new Error('socket failed')), then);
    await vi.advanceTimersByTimeAsync(0);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
