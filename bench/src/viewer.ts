import type WebSocket from 'ws';
import { closeLiveSocket, openLiveSocket } from './live-socket.js';
import { Waiters } from './waiters.js';

/** Box type of an fMP4 message: 'ftyp' (init segment), 'moof' (fragment), ... */
function boxType(data: Buffer): string {
  return data.length >= 8 ? data.toString('latin1', 4, 8) : '';
}

export interface ViewerTimes {
  /** ms from `new WebSocket()` to the open event (TCP + HTTP upgrade). */
  connectMs: number;
  /** ms from open to the `init` text message. */
  initMs: number | null;
  /** ms from open to the first binary fragment after the init segment. */
  firstFragmentMs: number | null;
}

/**
 * A live viewer as the contract describes it (docs/api-contract-cameras.md): opens the socket, sends
 * `{"type":"auth"}`, then reads everything (init text, init segment, buffered fragments, live fragments)
 * as fast as it arrives: a consumer that keeps up, so the server never has to drop for it.
 */
export class LiveViewer {
  readonly created = performance.now();
  openedAt: number | null = null;
  initAt: number | null = null;
  firstFragmentAt: number | null = null;
  bytes = 0;
  fragments = 0;
  initSegments = 0;
  error: string | null = null;
  closeCode: number | null = null;
  readonly mimeTypes: string[] = [];
  private readonly ws: WebSocket;
  private readonly waiters = new Waiters();

  constructor(baseUrl: string, camera: string, token: string) {
    this.ws = openLiveSocket(baseUrl, camera);
    this.ws.on('open', () => {
      this.openedAt = performance.now();
      this.ws.send(JSON.stringify({ type: 'auth', token }));
    });
    this.ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) {
        const message = JSON.parse(data.toString('utf8')) as { type: string; mimeType?: string; code?: string; message?: string };
        if (message.type === 'init') {
          this.initAt ??= performance.now();
          if (message.mimeType) this.mimeTypes.push(message.mimeType);
        } else if (message.type === 'error') {
          this.fail(`${message.code ?? 'error'}: ${message.message ?? ''}`);
        }
        return;
      }
      this.bytes += data.length;
      if (boxType(data) === 'ftyp') {
        this.initSegments += 1;
        return;
      }
      this.fragments += 1;
      if (this.firstFragmentAt === null) {
        this.firstFragmentAt = performance.now();
        this.waiters.resolveAll();
      }
    });
    this.ws.on('error', (error) => this.fail(error.message));
    this.ws.on('close', (code) => {
      this.closeCode = code;
      if (this.firstFragmentAt === null) this.fail(`closed with ${code} before the first fragment`);
    });
  }

  private fail(message: string): void {
    this.error ??= message;
    this.waiters.rejectAll(new Error(message));
  }

  /** Resolves on the first fragment; rejects on an error, a close, or after `timeoutMs`. */
  firstFragment(timeoutMs = 15_000): Promise<ViewerTimes> {
    const done = (): ViewerTimes => this.times();
    if (this.firstFragmentAt !== null) return Promise.resolve(done());
    if (this.error) return Promise.reject(new Error(this.error));
    return this.waiters.wait(done, timeoutMs, () => `no fragment within ${timeoutMs} ms`);
  }

  times(): ViewerTimes {
    const open = this.openedAt;
    return {
      connectMs: open === null ? Number.NaN : open - this.created,
      initMs: open === null || this.initAt === null ? null : this.initAt - open,
      firstFragmentMs: open === null || this.firstFragmentAt === null ? null : this.firstFragmentAt - open,
    };
  }

  close(): Promise<void> {
    return closeLiveSocket(this.ws);
  }
}
