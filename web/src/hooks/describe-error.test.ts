import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { describeError } from './describe-error';

/** Echoes the key and its values, so the test sees which translation was asked for. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('describeError', () => {
  it('translates an API error by its code', () => {
    expect(describeError(t, new ApiError(401, 'INVALID_CREDENTIALS', 'wrong username and/or password'))).toBe('errors.INVALID_CREDENTIALS');
    expect(describeError(t, new ApiError(409, 'USERNAME_TAKEN', 'taken'))).toBe('errors.USERNAME_TAKEN');
  });

  it('shows the validation messages of VALIDATION_FAILED, each once', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'bad', [
      { path: 'password', message: 'PASSWORD_TOO_SHORT' },
      { path: 'confirm', message: 'PASSWORD_TOO_SHORT' },
      { path: 'name', message: 'Expected string' },
    ]);
    expect(describeError(t, error)).toBe('validation.PASSWORD_TOO_SHORT Expected string');
  });

  it('falls back to the code when VALIDATION_FAILED has no readable details', () => {
    expect(describeError(t, new ApiError(400, 'VALIDATION_FAILED', 'bad', 'oops'))).toBe('errors.VALIDATION_FAILED');
  });

  it('says how long to wait after too many attempts, in seconds or minutes', () => {
    expect(describeError(t, new ApiError(429, 'RATE_LIMITED', 'slow down', undefined, 30))).toBe('errors.RATE_LIMITED_RETRY {"seconds":30}');
    expect(describeError(t, new ApiError(429, 'RATE_LIMITED', 'slow down', undefined, 299.2))).toBe(
      'errors.RATE_LIMITED_RETRY_MINUTES {"minutes":5}',
    );
    expect(describeError(t, new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe('errors.RATE_LIMITED');
  });

  it('has a generic text for anything that is not an API error', () => {
    expect(describeError(t, new TypeError('x is undefined'))).toBe('errors.UNKNOWN');
  });
});
