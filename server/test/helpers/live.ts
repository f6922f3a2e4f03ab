import { parseLiveServerMessage, type LiveServerMessage } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import WebSocket from 'ws';
import { parseFragment, type FragmentInfo } from '../../src/lib/fmp4/fragment.js';
import { parseInit, type InitInfo } from '../../src/lib/fmp4/init.js';

/** What a live viewer received, in order: control messages and the parsed binary (init segments, fragments). */
export type LiveEvent =
  | { kind: 'text'; message: LiveServerMessage; at: number }
  | { kind: 'init'; info: InitInfo; bytes: number; at: number }
  | { kind: 'fragment'; info: FragmentInfo; bytes: number; at: number };

export interface LiveClient {
  ws: WebSocket;
  events: LiveEvent[];
  texts(): LiveServerMessage[];
  fragments(): Extract<LiveEvent, { kind: 'fragment' }>[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves when the socket is open (rejects on an HTTP refusal). */
  opened: Promise<void>;
  /** Waits for an event matching `test` after index `from` (default: any). */
  next(test: (event: LiveEvent) => boolean, options?: { from?: number; timeoutMs?: number; message?: string }): Promise<LiveEvent>;
  send(message: unknown): void;
  close(): void;
}

const open: LiveClient[] = [];

export interface LiveOptions {
  token?: string;
  /** Sent as the first message once open (default: when a token is given). */
  sendAuth?: boolean;
  cookie?: string;
  origin?: string;
  stream?: 'main' | 'sub';
  transport?: 'webrtc' | 'mse';
}

/**
 * Opens `/api/cameras/:name/live` like the web player does (auth message first) and records everything.
 * `baseUrl` is `http://host:port`, or `ws+unix:///path/to.sock:` for a Unix socket.
 */
export function openLive(baseUrl: string, camera: string, options: LiveOptions = {}): LiveClient {
  const query = new URLSearchParams({ ...(options.stream ? { stream: options.stream } : {}), ...(options.transport ? { transport: options.transport } : {}) }).toString();
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/cameras/${encodeURIComponent(camera)}/live${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = `homecam_session=${options.cookie}`;
  const ws = new WebSocket(url, { headers, ...(options.origin ? { origin: options.origin } : {}) });
  const events: LiveEvent[] = [];
  let init: InitInfo | null = null;
  ws.on('message', (data: Buffer, isBinary) => {
    const at = Date.now();
    if (!isBinary) {
      // Parsed with the schema the browser uses: a message the page would ignore fails the test here.
      const message = parseLiveServerMessage(data.toString('utf8'));
      if (!message) throw new Error(`the server sent a live message outside the shared schema: ${data.toString('utf8')}`);
      events.push({ kind: 'text', message, at });
      return;
    }
    const type = data.toString('latin1', 4, 8);
    if (type === 'ftyp') {
      init = parseInit(data);
      events.push({ kind: 'init', info: init, bytes: data.length, at });
    } else {
      if (!init) throw new Error('a fragment before the init segment');
      events.push({ kind: 'fragment', info: parseFragment(data, init.tracks), bytes: data.length, at });
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
  opened.catch(() => undefined);
  if (options.token && options.sendAuth !== false) {
    const token = options.token;
    void opened.then(() => ws.send(JSON.stringify({ type: 'auth', token })));
  }
  const client: LiveClient = {
    ws,
    events,
    closed,
    opened,
    texts: () => events.flatMap((e) => (e.kind === 'text' ? [e.message] : [])),
    fragments: () => events.filter((e): e is Extract<LiveEvent, { kind: 'fragment' }> => e.kind === 'fragment'),
    next: async (test, { from = 0, timeoutMs = 15_000, message = 'a live event' } = {}) =>
      waitFor(() => events.slice(from).find(test), { timeoutMs, message }),
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.terminate(),
  };
  open.push(client);
  return client;
}

export function closeAllLive(): void {
  for (const client of open.splice(0)) client.ws.terminate();
}

export const isText = (type: LiveServerMessage['type']) => (event: LiveEvent): boolean =>
  event.kind === 'text' && event.message.type === type;

export const isState = (state: string) => (event: LiveEvent): boolean =>
  event.kind === 'text' && event.message.type === 'state' && event.message.state === state;
