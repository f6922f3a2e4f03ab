import { ERROR_STATUS, type ErrorCode } from '@homecam/shared';

/**
 * The one error type services throw. The HTTP error handler turns it into the `{ error: { code, message, details } }`
 * envelope with the status from ERROR_STATUS, and the realtime gateway uses `code` as the connect_error message.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
