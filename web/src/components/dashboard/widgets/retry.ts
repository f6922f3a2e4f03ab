import { ApiError } from '../../../api/api-error';

/**
 * Widgets retry once when HomeCam itself was not reached; an answer (a refused URL, an unavailable provider, the
 * fetch budget) is shown at once, and the widget's own refresh interval tries again later.
 */
export function retryUnreachedOnce(failures: number, error: unknown): boolean {
  return failures < 1 && error instanceof ApiError && error.status === 0;
}
