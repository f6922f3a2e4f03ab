import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file part of a multipart call. */
export interface FakeTelegramFile {
  filename: string;
  type: string;
  bytes: Buffer;
}

/** One call the fake received: the token of its path, the method, the text fields and the files. */
export interface FakeTelegramCall {
  token: string;
  method: string;
  contentType: string;
  fields: Record<string, string>;
  files: Record<string, FakeTelegramFile>;
}

/** What the next calls answer: Telegram's error shapes (https://core.telegram.org/bots/api#making-requests). */
export type FakeTelegramMode = { kind: 'ok' } | { kind: 'rateLimited'; retryAfter: number } | { kind: 'error'; status: number; description: string } | { kind: 'hang' };

/**
 * A local Bot API server: `POST /bot<TOKEN>/<method>` with a JSON or multipart/form-data body, as the real one
 * takes them. Multipart bodies are parsed by undici's own form-data parser (Response#formData), so a malformed
 * body fails the call here as it would at Telegram.
 */
export class FakeTelegram {
  readonly calls: FakeTelegramCall[] = [];
  /** Answers of the next calls, consumed in order; then `mode`. */
  readonly queue: FakeTelegramMode[] = [];
  mode: FakeTelegramMode = { kind: 'ok' };
  botUsername = 'homecam_test_bot';
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | undefined;
  private waiters: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Resolves once `count` calls were received. */
  async waitForCalls(count: number): Promise<void> {
    while (this.calls.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (!match || request.method !== 'POST') return this.answer(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const contentType = request.headers['content-type'] ?? '';
    const call: FakeTelegramCall = { token: match[1] ?? '', method: match[2] ?? '', contentType, fields: {}, files: {} };
    try {
      await parseBody(Buffer.concat(chunks), contentType, call);
    } catch (error) {
      return this.answer(response, 400, { ok: false, error_code: 400, description: `Bad Request: ${String(error)}` });
    }
    this.calls.push(call);
    for (const wake of this.waiters.splice(0)) wake();
    const mode = this.queue.shift() ?? this.mode;
    if (mode.kind === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (mode.kind === 'rateLimited') {
      const description = `Too Many Requests: retry after ${mode.retryAfter}`;
      return this.answer(response, 429, { ok: false, error_code: 429, description, parameters: { retry_after: mode.retryAfter } });
    }
    if (mode.kind === 'error') return this.answer(response, mode.status, { ok: false, error_code: mode.status, description: mode.description });
    const result = call.method === 'getMe' ? { id: 1, is_bot: true, first_name: 'HomeCam', username: this.botUsername } : { message_id: this.calls.length };
    this.answer(response, 200, { ok: true, result });
  }

  private answer(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

async function parseBody(body: Buffer, contentType: string, call: FakeTelegramCall): Promise<void> {
  if (body.length === 0) return;
  if (contentType.startsWith('application/json')) {
    for (const [key, value] of Object.entries(JSON.parse(body.toString('utf8')) as Record<string, unknown>)) call.fields[key] = String(value);
    return;
  }
  if (!contentType.startsWith('multipart/form-data')) throw new Error(`unexpected content type ${contentType}`);
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') call.fields[key] = value;
    else call.files[key] = { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
}
