import { ERROR_STATUS, type ApiErrorBody, type ErrorCode, type ValidationIssue } from '@homecam/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { quote, writeAudit } from '../audit/audit-record.js';
import { isAppError } from '../errors/app-error.js';

/** Codes for errors raised by Fastify and its plugins, by their status. Messages are ours: theirs may echo input. */
const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'bad request' },
  401: { code: 'UNAUTHENTICATED', message: 'sign-in required' },
  403: { code: 'FORBIDDEN', message: 'no access permission' },
  404: { code: 'NOT_FOUND', message: 'not found' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'the request is too large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'unsupported media type' },
  429: { code: 'RATE_LIMITED', message: 'too many requests' },
};

/** @fastify/multipart answers a non-multipart upload with 406; for our clients that is a wrong media type. */
const BY_FASTIFY_CODE: Record<string, number> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
};

export function errorBody(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

function toIssues(error: { validation: { instancePath: string; message?: string }[] }): ValidationIssue[] {
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'invalid',
  }));
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown): FastifyReply {
  return reply.code(ERROR_STATUS[code]).type('application/json').send(errorBody(code, message, details));
}

/** The path of a request for a log line: no query (it may carry a trigger token), bounded. */
export function requestPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * A refused request is routine (a form's validation, an expired session polling, a missing camera): `debug`, beside
 * the access line. A signed-in user refused for lack of a permission is worth an administrator's eye: `info`, with
 * the user, on the Console's Users chip (the access hook reports its own refusals the same way).
 */
export function logRefusal(request: FastifyRequest, code: ErrorCode, cause?: string): void {
  if (code === 'FORBIDDEN' && request.auth) {
    logPermissionRefused(request, request.auth.user.username);
    return;
  }
  request.log.debug({ code, ...(cause !== undefined && { cause }) }, 'request refused');
}

export function logPermissionRefused(request: FastifyRequest, user: string): void {
  const path = requestPath(request);
  const address = request.ip || null;
  writeAudit(request.log, {
    level: 'info',
    source: 'users',
    subject: { user, address, method: request.method, path },
    message: `permission refused: ${quote(user)}${address ? ` (${address})` : ''} may not ${request.method} ${path}`,
  });
}

/**
 * The one error handler: AppError → its code; zod validation → 400 VALIDATION_FAILED with `{ path, message }`
 * details; framework 4xx → a code by status; anything else → 500 INTERNAL with a generic message (the real one
 * is logged with the request id, never sent).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.code === 'RATE_LIMITED') {
        const details = error.details as { retryAfterSeconds?: number } | undefined;
        if (details?.retryAfterSeconds !== undefined) reply.header('retry-after', String(details.retryAfterSeconds));
      }
      logRefusal(request, error.code);
      return sendError(reply, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      logRefusal(request, 'VALIDATION_FAILED');
      return sendError(reply, 'VALIDATION_FAILED', 'the request is not valid', toIssues(error));
    }
    const status = BY_FASTIFY_CODE[error.code] ?? error.statusCode ?? 500;
    const known = status < 500 ? (BY_STATUS[status] ?? BY_STATUS[400]) : undefined;
    if (known) {
      logRefusal(request, known.code, error.code);
      return sendError(reply, known.code, known.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'INTERNAL', 'internal server error');
  });

  // The not-found handler (rate limited) is installed with the other limits: http/limits.ts.
}
