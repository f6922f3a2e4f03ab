import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMINGS } from '@homecam/shared';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './chunk-load';

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time and leaves no timer behind', async () => {
    const module = { Page: () => null };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with a ChunkLoadError once the 120 s time-out passes (spec §8), not a moment earlier', async () => {
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = vi.fn();
    pending.catch(outcome);
    expect(UI_TIMINGS.chunkLoadTimeoutMs).toBe(120_000);
    await vi.advanceTimersByTimeAsync(UI_TIMINGS.chunkLoadTimeoutMs - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledTimes(1);
    const error: unknown = outcome.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('turns a failed import into a ChunkLoadError that keeps the browser error as its cause', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/CamerasPage-x.js');
    const error = await loadChunk(() => Promise.reject(failure)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a module arriving after the time-out changes nothing (the promise is already rejected)', async () => {
    let arrive: (value: string) => void = () => undefined;
    const pending = loadChunk(() => new Promise<string>((resolve) => (arrive = resolve)), 1_000);
    const settled = pending.then(
      () => 'resolved',
      (error: unknown) => (isChunkLoadError(error) ? 'chunk error' : 'other'),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    arrive('late');
    await expect(settled).resolves.toBe('chunk error');
  });
});
