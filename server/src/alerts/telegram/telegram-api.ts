import { TELEGRAM_TOKEN_PATTERN, trimCharEnd } from '@homecam/shared';
import { TransientAlertError } from '../channel.js';

export const DEFAULT_TELEGRAM_API_ROOT = 'https://api.telegram.org';

/** What the Bot API answers (https://core.telegram.org/bots/api#making-requests). */
interface BotApiAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export type TelegramMethod = 'getMe' | 'sendMessage' | 'sendPhoto' | 'sendVideo';

/** Final refusal by Telegram (bad token, unknown chat, bot blocked …): retrying would not help. */
export class TelegramRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TelegramRefusedError';
  }
}

/** What a refusal means to the person reading the status card. */
function hint(status: number): string {
  if (status === 401 || status === 404) return 'the bot token was rejected';
  if (status === 403) return 'the bot may not write to this chat (blocked, or not a member)';
  if (status === 400) return 'check the chat id';
  return 'Telegram refused the request';
}

/**
 * One Bot API client per call site: the token only ever lives in the URL it builds, and every message this module
 * produces passes through `scrub`, so neither an error, a status nor a log line can carry it (the URL of a failed
 * fetch, a description that echoes the path …).
 */
export class TelegramApi {
  constructor(
    private readonly token: string,
    private readonly apiRoot: string,
    private readonly fetchFn: typeof fetch,
  ) {
    // config.json may have been edited by hand: a token that is not BotFather's shape never reaches a URL.
    if (!TELEGRAM_TOKEN_PATTERN.test(token)) throw new TelegramRefusedError('the Telegram bot token is malformed (expected <bot id>:<secret>)', 400);
  }

  scrub(text: string): string {
    return text.split(this.token).join('<token>');
  }

  /** Calls `method` with a JSON or multipart body; resolves with `result`, throws Transient/Refused errors. */
  async call(method: TelegramMethod, body: Record<string, string> | FormData | undefined, signal: AbortSignal): Promise<unknown> {
    const url = `${trimCharEnd(this.apiRoot, '/')}/bot${this.token}/${method}`;
    const init: RequestInit =
      body instanceof FormData
        ? { method: 'POST', body, signal }
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}), signal };
    let response: Response;
    let answer: BotApiAnswer;
    try {
      response = await this.fetchFn(url, init);
      answer = (await response.json().catch(() => ({}))) as BotApiAnswer;
    } catch (error) {
      throw this.networkError(method, error, signal);
    }
    if (response.ok && answer.ok === true) return answer.result;
    throw this.refusal(method, response.status, answer);
  }

  private networkError(method: TelegramMethod, error: unknown, signal: AbortSignal): Error {
    if (signal.aborted) return new TransientAlertError(`Telegram ${method}: no answer in time`);
    // undici's "fetch failed" hides the reason in `cause` (ECONNREFUSED, ENOTFOUND …); its message may hold the URL.
    const cause = error instanceof Error && error.cause && typeof error.cause === 'object' && 'code' in error.cause ? String(error.cause.code) : null;
    return new TransientAlertError(this.scrub(`Telegram ${method}: network error${cause ? ` (${cause})` : ''}`));
  }

  private refusal(method: TelegramMethod, status: number, answer: BotApiAnswer): Error {
    const code = answer.error_code ?? status;
    const description = this.scrub(answer.description ?? `HTTP ${status}`).slice(0, 200);
    if (code === 429) {
      const seconds = answer.parameters?.retry_after;
      const retryAfterMs = typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : undefined;
      return new TransientAlertError(`Telegram ${method}: rate limited (${description})`, retryAfterMs);
    }
    if (code >= 500 || status >= 500) return new TransientAlertError(`Telegram ${method}: server error ${code} (${description})`);
    return new TelegramRefusedError(`Telegram ${method} refused (${code} ${description}): ${hint(code)}`, code);
  }
}
