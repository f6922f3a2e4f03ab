import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BaseTrigger,
  errorMessage,
  findCamera,
  listenErrorMessage,
  unknownCamera,
  type TriggerAction,
  type TriggerResult,
} from './trigger.js';
import { AddressRateLimiter, requestToken, sameSecret, splitToken, TRIGGER_RATE_PER_MINUTE } from './http-trigger-guard.js';

export interface HttpTriggerOptions {
  /** config.json `http.port` (7272); 0 picks a free port (tests). */
  port: number;
  /** config.json `http.localhttp`: listen on 127.0.0.1 only. Otherwise on every interface. */
  localOnly?: boolean;
  /** config.json `http.token` (HomeCam addition): when set, `?token=` or `Authorization: Bearer` must match. */
  token?: string | undefined;
  /** Requests per minute and address before 429 (default TRIGGER_RATE_PER_MINUTE). */
  ratePerMinute?: number;
}

/** The answer body. Successes and skips have `error: false` (HTTP 200), failures `error: true` and a `code`. */
export type HttpTriggerAnswer =
  | { error: false; camera: string; trigger: TriggerAction; skipped: boolean; message: string }
  | { error: true; code: HttpTriggerErrorCode; message: string };

export type HttpTriggerErrorCode =
  | 'TRIGGER_PATH_UNKNOWN'
  | 'CAMERA_NAME_MISSING'
  | 'CAMERA_NAME_INVALID'
  | 'CAMERA_NOT_FOUND'
  | 'TRIGGER_FAILED'
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED';

const USAGE = 'use /motion?<camera>, /motion/reset?<camera> or /doorbell?<camera>';

/**
 * Parses a trigger URL the way camera.ui did (the path picks the action, any path containing `/reset` is a
 * reset, the whole query string is the camera name), except that `+` decodes to a space as in every form
 * encoding. A literal `+` in a name is written `%2B`.
 */
export function parseTriggerUrl(
  url: string,
): { action: TriggerAction; camera: string } | { code: HttpTriggerErrorCode; status: number; message: string } {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).toLowerCase();
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  let action: TriggerAction;
  if (path.includes('/reset')) action = 'motionReset';
  else {
    const first = path.split('/')[1];
    if (first === 'motion') action = 'motion';
    else if (first === 'doorbell') action = 'doorbell';
    else return { code: 'TRIGGER_PATH_UNKNOWN', status: 404, message: `Unknown trigger path '${truncate(path)}': ${USAGE}` };
  }
  let camera: string;
  try {
    camera = decodeURIComponent(query.replace(/\+/g, ' ')).trim();
  } catch {
    return { code: 'CAMERA_NAME_INVALID', status: 400, message: 'The camera name after ? is not valid URL encoding' };
  }
  if (!camera) return { code: 'CAMERA_NAME_MISSING', status: 400, message: `No camera name after ?: ${USAGE}` };
  return { action, camera };
}

function truncate(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const DONE: Record<TriggerAction, string> = { motion: 'Motion', motionReset: 'Motion reset', doorbell: 'Doorbell' };

/**
 * HTTP trigger on its own port (camera.ui's `http` block). Any method; `GET /motion?Front+Door`,
 * `/motion/reset?…`, `/doorbell?…`. Answers JSON: 200 when handled or skipped, 4xx with `{error: true, code,
 * message}` for a bad path or an unknown camera (camera.ui answered 500 for everything), 500 when the handler failed.
 */
export class HttpTrigger extends BaseTrigger<HttpTriggerOptions> {
  readonly name = 'http' as const;
  private server: Server | null = null;
  private readonly limiter = new AddressRateLimiter(this.options.ratePerMinute ?? TRIGGER_RATE_PER_MINUTE);

  /** The port it listens on, or null when stopped. */
  port(): number | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  /** The address it listens on (`127.0.0.1`, `::` …), or null when stopped. */
  address(): AddressInfo | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address : null;
  }

  protected async doStart(): Promise<void> {
    const server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.log.error({ trigger: 'http', err: errorMessage(error) }, 'HTTP trigger request failed');
        this.answer(response, 500, { error: true, code: 'TRIGGER_FAILED', message: 'The trigger could not be handled' });
      });
    });
    // Triggers are one short request each: slow or idle peers must not hold sockets.
    server.requestTimeout = 10_000;
    server.headersTimeout = 5_000;
    server.keepAliveTimeout = 5_000;
    this.server = server;
    const host = this.options.localOnly ? '127.0.0.1' : undefined;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    }).catch((error: unknown) => {
      throw new Error(listenErrorMessage('HTTP trigger', this.options.port, error), { cause: error });
    });
    server.on('error', (error) => this.setStatus('offline', listenErrorMessage('HTTP trigger', this.options.port, error)));
    this.setStatus('online', null);
  }

  protected async doStop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    request.resume(); // the body is not read; drain it so the connection can be reused
    const url = this.admit(request, response);
    if (url === null) return;
    const parsed = parseTriggerUrl(url);
    if ('code' in parsed) {
      this.log.debug({ trigger: 'http', method: request.method, url: truncate(url) }, parsed.message);
      return this.answer(response, parsed.status, { error: true, code: parsed.code, message: parsed.message });
    }
    const camera = findCamera(this.cameras(), parsed.camera);
    const result: TriggerResult = camera ? await this.deliver(parsed.action, camera.name) : unknownCamera(parsed.camera);
    this.log.info({ trigger: 'http', action: parsed.action, camera: camera?.name ?? parsed.camera, result }, 'HTTP trigger');
    if (result.accepted) {
      const message = result.message ?? `${DONE[parsed.action]} for '${camera?.name ?? parsed.camera}'`;
      return this.answer(response, 200, { error: false, camera: camera?.name ?? parsed.camera, trigger: parsed.action, skipped: false, message });
    }
    switch (result.reason) {
      case 'skipped':
        return this.answer(response, 200, {
          error: false,
          camera: camera?.name ?? parsed.camera,
          trigger: parsed.action,
          skipped: true,
          message: result.message,
        });
      case 'unknownCamera':
        return this.answer(response, 404, { error: true, code: 'CAMERA_NOT_FOUND', message: result.message });
      case 'failed':
        return this.answer(response, 500, { error: true, code: 'TRIGGER_FAILED', message: result.message });
    }
  }

  /**
   * Rate limit per address (finding #23: the port answers anyone), then the token when one is configured.
   * Answers 429/401 itself and returns null; otherwise the URL to parse, without its token.
   */
  private admit(request: IncomingMessage, response: ServerResponse): string | null {
    const rate = this.limiter.hit(request.socket.remoteAddress ?? '');
    if (!rate.allowed) {
      const message = `Too many trigger requests; try again in ${rate.retryAfterSeconds} s`;
      this.answer(response, 429, { error: true, code: 'RATE_LIMITED', message }, { 'retry-after': String(rate.retryAfterSeconds) });
      return null;
    }
    const url = request.url ?? '/';
    const expected = this.options.token;
    if (!expected) return url;
    const queryAt = url.indexOf('?');
    const { camera, token } = splitToken(queryAt === -1 ? '' : url.slice(queryAt + 1));
    const given = requestToken(request, token);
    if (given === undefined || !sameSecret(given, expected)) {
      this.log.info({ trigger: 'http', method: request.method }, 'HTTP trigger refused: missing or wrong token');
      const message = 'A trigger token is required: add token=<token> to the query or send Authorization: Bearer <token>';
      this.answer(response, 401, { error: true, code: 'UNAUTHENTICATED', message }, { 'www-authenticate': 'Bearer' });
      return null;
    }
    return queryAt === -1 ? url : `${url.slice(0, queryAt)}?${camera}`;
  }

  private answer(response: ServerResponse, status: number, body: HttpTriggerAnswer, headers: Record<string, string> = {}): void {
    if (response.destroyed || response.headersSent) return;
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
    response.end(JSON.stringify(body));
  }
}
