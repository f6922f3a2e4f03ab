/**
 * Time as a dependency, so timers, throttling delays and session expiry can be tested without waiting. The one
 * clock of the server: app code (services, recorder) and library code (media, motion) both take it.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; the login throttle uses it to slow attempts. */
  sleep(ms: number): Promise<void>;
  /** Runs `fn` after `ms`; returns a cancel function (calling it after the timer fired is harmless). */
  setTimer(ms: number, fn: () => void): () => void;
}

/** setTimeout cannot wait longer than 2^31-1 ms; longer timers re-arm themselves. */
const MAX_TIMER_MS = 2_147_483_647;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  setTimer(ms, fn) {
    const due = Date.now() + ms;
    let handle: NodeJS.Timeout;
    const arm = (): void => {
      const left = due - Date.now();
      handle = setTimeout(left > MAX_TIMER_MS ? arm : fn, Math.min(Math.max(left, 0), MAX_TIMER_MS));
      // A pending timer must not keep the process alive at shutdown (child processes and sockets do that).
      handle.unref();
    };
    arm();
    return () => clearTimeout(handle);
  },
};
