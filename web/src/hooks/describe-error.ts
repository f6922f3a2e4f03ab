import type { TFunction } from 'i18next';
import { VALIDATION_MESSAGES } from '@homecam/shared';
import { ApiError } from '../lib/api-error';

const isValidationKey = (message: string) => (VALIDATION_MESSAGES as readonly string[]).includes(message);

/** A translated validation message; a validator's English text stays as the server sent it. */
export function describeValidation(t: TFunction, message: string): string {
  return isValidationKey(message) ? t(`validation.${message}`) : message;
}

/**
 * The user-facing text of a failed call, in the user's language: `errors.<CODE>`, the validation
 * messages for VALIDATION_FAILED, and the waiting time for RATE_LIMITED.
 */
export function describeError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.UNKNOWN');
  if (error.code === 'VALIDATION_FAILED') {
    const issues = error.validationIssues.map((issue) => describeValidation(t, issue.message));
    if (issues.length > 0) return [...new Set(issues)].join(' ');
  }
  if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== undefined) {
    const seconds = Math.ceil(error.retryAfterSeconds);
    // "300 seconds" reads badly; from a minute and a half on, the wait is said in minutes.
    return seconds >= 90
      ? t('errors.RATE_LIMITED_RETRY_MINUTES', { minutes: Math.ceil(seconds / 60) })
      : t('errors.RATE_LIMITED_RETRY', { seconds });
  }
  return t(`errors.${error.code}`);
}
