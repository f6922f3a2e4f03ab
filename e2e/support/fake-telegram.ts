import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Bot API call: the token of its path, the method and its text fields (JSON or multipart). */
export interface FakeTelegramCall {
  token: string;
  method: string;
  fields: Record<string, string>;
}

export interface FakeTelegram {
  /** Base URL for HOMECAM_TELEGRAM_API_ROOT. */
  url: string;
  calls: FakeTelegramCall[];
  close(): Promise<void>;
}

/**
 * A local Bot API server for the e2e server: `POST /bot<TOKEN>/<method>` with a JSON or multipart body, answered
 * in Telegram's `{ ok, result }` shape (getMe names a bot). The server tests' fake (server/test/helpers/
 * fake-telegram.ts) also checks files and failure modes; this one only records what the UI's actions caused.
 */
export async function startFakeTelegram(botUsername = 'homecam_e2e_bot'): Promise<FakeTelegram> {
  const calls: FakeTelegramCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
        const answer = (status: number, body: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (!match || req.method !== 'POST') return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
        const call: FakeTelegramCall = { token: match[1] ?? '', method: match[2] ?? '', fields: {} };
        const body = Buffer.concat(chunks);
        const type = req.headers['content-type'] ?? '';
        try {
          if (body.length > 0 && type.startsWith('application/json')) {
            for (const [key, value] of Object.entries(JSON.parse(body.toString('utf8')) as Record<string, unknown>)) call.fields[key] = String(value);
          } else if (body.length > 0) {
            const form = await new Response(body, { headers: { 'content-type': type } }).formData();
            form.forEach((value, key) => {
              if (typeof value === 'string') call.fields[key] = value;
            });
          }
        } catch (error) {
          return answer(400, { ok: false, error_code: 400, description: `Bad Request: ${String(error)}` });
        }
        calls.push(call);
        const result = call.method === 'getMe' ? { id: 1, is_bot: true, first_name: 'HomeCam', username: botUsername } : { message_id: calls.length };
        answer(200, { ok: true, result });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
