import { isApiErrorBody, type ErrorCode, type ValidationIssue } from '@homecam/shared';

/**
 * Codes the client adds to the server's catalogue: no answer at all, or an answer it cannot read; and (issue 21)
 * a passkey prompt the user cancelled or let time out, or a browser/address where passkeys cannot work.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN' | 'PASSKEY_CANCELLED' | 'PASSKEY_UNSUPPORTED';

/** Every failed call throws this; the UI translates it by `code` (errors.<CODE>). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** VALIDATION_FAILED details as the contract shapes them; anything else yields none. */
  get validationIssues(): ValidationIssue[] {
    if (this.code !== 'VALIDATION_FAILED' || !Array.isArray(this.details)) return [];
    return this.details.filter(
      (issue): issue is ValidationIssue =>
        typeof issue === 'object' && issue !== null && typeof (issue as ValidationIssue).message === 'string',
    );
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function retryAfter(response: Response, details: unknown): number | undefined {
  if (typeof details === 'object' && details !== null && 'retryAfterSeconds' in details) {
    const seconds = Number(details.retryAfterSeconds);
    if (Number.isFinite(seconds)) return seconds;
  }
  const header = Number(response.headers.get('Retry-After'));
  return Number.isFinite(header) && header > 0 ? header : undefined;
}

/** Turns a non-2xx answer into an ApiError, reading the contract's `{ error: { code, message } }`. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, an empty body): only the status is known.
  }
  if (isApiErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(response.status, code, message, details, retryAfter(response, details));
  }
  return new ApiError(response.status, 'UNKNOWN', `HTTP ${response.status}`);
}
