import type { WebSocket } from 'ws';

const BINARY = { binary: true } as const;

/**
 * Sends binary messages (media) on a live socket and tells when one of them was taken by the socket, with one
 * callback for all sends instead of a promise and a closure per fragment: the pump only waits when it is behind.
 */
export class BinarySender {
  private sends = 0;
  private sent = 0;
  private waiter: { count: number; resolve: () => void } | null = null;

  constructor(private readonly ws: WebSocket) {}

  /** Sends `data`; returns its number, for `written`. */
  send(data: Buffer): number {
    this.ws.send(data, BINARY, this.onSent);
    return ++this.sends;
  }

  /** Resolves once the `count`-th send was taken by the socket (sends complete in order). */
  written(count: number): Promise<void> {
    if (this.sent >= count) return Promise.resolve();
    this.waiter?.resolve(); // a pump of a consumer given up meanwhile: it finds out and ends
    return new Promise((resolve) => (this.waiter = { count, resolve }));
  }

  private readonly onSent = (): void => {
    this.sent += 1;
    const waiter = this.waiter;
    if (waiter && this.sent >= waiter.count) {
      this.waiter = null;
      waiter.resolve();
    }
  };
}
