/**
 * The callers waiting for one moment of a bench viewer (its first fragment, its first RTP packet): all resolve when
 * it comes, all reject when the viewer fails first, and each on its own after its timeout.
 */
export class Waiters {
  private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];

  resolveAll(): void {
    for (const waiter of this.pending.splice(0)) waiter.resolve();
  }

  rejectAll(error: Error): void {
    for (const waiter of this.pending.splice(0)) waiter.reject(error);
  }

  /** Waits for resolveAll (answered with `value()`), rejectAll, or `timeoutMs` (rejected with `timeoutMessage()`). */
  wait<T>(value: () => T, timeoutMs: number, timeoutMessage: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(timeoutMessage())), timeoutMs);
      this.pending.push({
        resolve: () => {
          clearTimeout(timer);
          resolve(value());
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }
}
