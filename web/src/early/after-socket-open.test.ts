import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_OPEN_MAX_WAIT_MS, afterSocketOpen } from './after-socket-open';

/** Just what afterSocketOpen reads of a WebSocket. */
class Socket extends EventTarget {
  readyState: number = WebSocket.CONNECTING;
  fire(type: 'open' | 'close' | 'error') {
    this.readyState = type === 'open' ? WebSocket.OPEN : WebSocket.CLOSED;
    this.dispatchEvent(new Event(type));
  }
}

describe('what the early script asks for once its live socket is open', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes out when the socket opens, once', () => {
    const socket = new Socket();
    const then = vi.fn();
    afterSocketOpen(socket, then);
    vi.advanceTimersByTime(AFTER_OPEN_MAX_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    socket.fire('open');
    socket.fire('close');
    vi.advanceTimersByTime(AFTER_OPEN_MAX_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes out at once without a socket or with one no longer connecting, on failure, and after the longest wait', () => {
    const then = vi.fn();
    afterSocketOpen(null, then);
    const opened = new Socket();
    opened.readyState = WebSocket.OPEN;
    afterSocketOpen(opened, then);
    expect(then).toHaveBeenCalledTimes(2);
    const failing = new Socket();
    afterSocketOpen(failing, then);
    failing.fire('error');
    expect(then).toHaveBeenCalledTimes(3);
    afterSocketOpen(new Socket(), then);
    vi.advanceTimersByTime(AFTER_OPEN_MAX_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(4);
  });
});
