import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PICTURE_MAX_WAIT_MS, untilFirstPicture } from './after-first-picture';

describe('waiting for the early picture', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes on when the first frame shows, once', async () => {
    let show = () => undefined as void;
    const shown = new Promise<void>((resolve) => (show = resolve));
    const then = vi.fn();
    void untilFirstPicture(shown).then(then);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    show();
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes on at once without a picture, and after the longest wait when no frame shows', async () => {
    const then = vi.fn();
    void untilFirstPicture(null).then(then);
    await vi.advanceTimersByTimeAsync(0);
    expect(then).toHaveBeenCalledTimes(1);
    void untilFirstPicture(new Promise<void>(() => undefined)).then(then);
    await vi.advanceTimersByTimeAsync(FIRST_PICTURE_MAX_WAIT_MS - 1);
    expect(then).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledTimes(2);
  });

  it('goes on when the picture gives up (its promise settles either way), and waits as long as it is told', async () => {
    const then = vi.fn();
    void untilFirstPicture(Promise.reject(new Error('socket failed'))).then(then);
    await vi.advanceTimersByTimeAsync(0);
    expect(then).toHaveBeenCalledTimes(1);
    void untilFirstPicture(new Promise<void>(() => undefined), 50).then(then);
    await vi.advanceTimersByTimeAsync(50);
    expect(then).toHaveBeenCalledTimes(2);
  });
});
