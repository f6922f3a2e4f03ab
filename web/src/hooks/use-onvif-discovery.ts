import { useCallback, useEffect, useRef, useState } from 'react';
import type { OnvifDiscovery, OnvifInspectResult } from '@homecam/shared';
import { getDiscovery, inspectOnvifCamera, startDiscovery } from '../api/onvif-api';
import type { HttpClient } from '../api/http-client';
import { useApiMutation } from './use-api';
import { useHttp } from './use-http';

const POLL_MS = 400;

interface Run {
  live: boolean;
}

async function follow(http: HttpClient, run: Run, show: (state: OnvifDiscovery) => void): Promise<void> {
  let state = await startDiscovery(http);
  while (run.live) {
    show(state);
    if (state.state !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (run.live) state = await getDiscovery(http);
  }
}

/**
 * Issue 22: one "Find cameras" search. Starting it (or joining the server's running one), then asking for its
 * state every POLL_MS until it is done, so answers and the progress bar show while it listens.
 */
export function useOnvifDiscovery() {
  const http = useHttp();
  const [discovery, setDiscovery] = useState<OnvifDiscovery | null>(null);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<Run>({ live: false });

  const begin = useCallback(() => {
    current.current.live = false;
    const run = { live: true };
    current.current = run;
    follow(http, run, setDiscovery).catch((reason: unknown) => run.live && setError(reason));
    return run;
  }, [http]);

  useEffect(() => {
    const run = begin();
    return () => {
      run.live = false; // a closed dialog stops asking
    };
  }, [begin]);

  const restart = () => {
    setError(null);
    setDiscovery(null);
    begin();
  };
  return { discovery, error, restart };
}

/** Reads a camera's ONVIF profiles (POST /api/onvif/inspect) into the add-camera form. */
export const useInspectOnvif = (onSuccess: (result: OnvifInspectResult) => void) => useApiMutation(inspectOnvifCamera, { onSuccess });
