import { UI_TIMINGS } from '@homecam/shared';

/**
 * Spec §8: a script chunk that does not arrive raises a chunk-load error after 120 s. A dynamic import has
 * no time-out of its own (a stalled connection would leave the navigation pending for ever), and a failed
 * one rejects with a browser-specific TypeError; both become one recognisable error the error screen can
 * explain ("a new version may be out, reload").
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

/** Timers are injected so the unit test can drive them; the app uses the global ones. */
export interface ChunkTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: ChunkTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Races `load` against the time-out; the timer is cleared either way so nothing fires later. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = UI_TIMINGS.chunkLoadTimeoutMs,
  timers: ChunkTimers = globalTimers,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(
      () => reject(new ChunkLoadError(`a script chunk did not load within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError('a script chunk failed to load', { cause: error }));
      },
    );
  });
}
