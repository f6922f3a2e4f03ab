import { LOG_RING_SIZE } from '@homecam/shared';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { isAbortError } from '../lib/api-error';
import { fetchLog } from '../api/logs-api';
import { initialLogBuffer, logBufferReducer } from '../lib/log-buffer';
import { useStores } from '../stores/stores-context';
import { useHttp } from './use-http';

/**
 * The server log for a console view: the newest entries from the server's ring on mount, then the live
 * `logMessage` batches, at most `max` kept (older ones dropped). Pause holds new entries back; clear empties the view.
 */
export function useLogStream(max: number) {
  const http = useHttp();
  const { logFeed } = useStores();
  const [state, dispatch] = useReducer(logBufferReducer, initialLogBuffer);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // Subscribed before the backlog is asked for, so nothing falls between the two.
    const unsubscribe = logFeed.subscribe((entries) => dispatch({ type: 'received', entries, max }));
    const abort = new AbortController();
    fetchLog(http, Math.min(max, LOG_RING_SIZE), abort.signal).then(
      (entries) => {
        dispatch({ type: 'loaded', entries, max });
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (isAbortError(failure)) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      unsubscribe();
      abort.abort();
    };
  }, [http, logFeed, max]);

  return {
    entries: state.entries,
    heldCount: state.held.length,
    paused: state.paused,
    error,
    loading,
    pause: useCallback(() => dispatch({ type: 'pause' }), []),
    resume: useCallback(() => dispatch({ type: 'resume', max }), [max]),
    clear: useCallback(() => dispatch({ type: 'clear' }), []),
  };
}
