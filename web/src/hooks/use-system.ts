import type { AtHomePatch, AtHomeSettings, SystemInfo } from '@homecam/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../api/query-keys';
import { getAtHome, getSystemInfo, restartServer, serverAnswers, setLogLevel, updateAtHome } from '../api/system-api';
import { useHasAnyPermission } from './use-permissions';
import { useApiMutation, useApiQuery } from './use-api';
import { useHttp } from './use-http';

export const useSystemInfo = () => useApiQuery(queryKeys.systemInfo, getSystemInfo);

/** Seconds since `dataUpdatedAt` added to a server uptime, re-rendered every second. */
export function useTickingSeconds(baseSeconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return baseSeconds + Math.max(0, Math.floor((now - since) / 1_000));
}

export function useSetLogLevel() {
  const queryClient = useQueryClient();
  return useApiMutation((http, level: SystemInfo['logLevel']['configured']) => setLogLevel(http, level), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.systemInfo }),
  });
}

/** At Home and whether this user may switch it (settings:general:edit or admin). */
export function useAtHome() {
  const canEdit = useHasAnyPermission(['settings:general:edit']);
  const query = useApiQuery(queryKeys.atHome, getAtHome);
  return { ...query, canEdit };
}

export function useUpdateAtHome() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AtHomePatch) => updateAtHome(http, patch),
    // The switch moves at once; a refusal puts it back. A read still in flight is cancelled first: answering after
    // the click, it would put the old value back under the user's finger.
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.atHome });
      const before = queryClient.getQueryData<AtHomeSettings>(queryKeys.atHome);
      if (before) queryClient.setQueryData<AtHomeSettings>(queryKeys.atHome, { ...before, ...patch });
      return { before };
    },
    onError: (_error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.atHome, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.atHome, saved);
      queryClient.setQueryData<SystemInfo>(queryKeys.systemInfo, (info) => (info ? { ...info, atHome: saved } : info));
    },
  });
}

/** POST /api/system/restart alone (the dashboard's shortcut): the caller says so and does not wait for the server. */
export const useRestartRequest = () => useApiMutation((http) => restartServer(http));

export type RestartPhase = 'idle' | 'requesting' | 'restarting' | 'back' | 'timeout';

const POLL_MS = 500;
/** A restart takes seconds; past this the page stops waiting and says so. */
const GIVE_UP_MS = 90_000;

/**
 * Restart and wait: after the 202 the server goes away and comes back; GET /api/health is polled until it answers
 * and the server's start time (GET /api/system/info) is not the one from before, then the data is refetched.
 */
export function useRestart(startedAt: string | undefined) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<RestartPhase>('idle');
  const [error, setError] = useState<unknown>(null);
  const cancelled = useRef(false);
  useEffect(() => () => void (cancelled.current = true), []);

  const waitUntilBack = useCallback(
    async (before: string | undefined) => {
      const deadline = Date.now() + GIVE_UP_MS;
      while (!cancelled.current && Date.now() < deadline) {
        await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
        if (!(await serverAnswers(http))) continue;
        const info = await getSystemInfo(http).catch(() => null);
        if (info && info.startedAt !== before) {
          queryClient.setQueryData(queryKeys.systemInfo, info);
          await queryClient.invalidateQueries();
          setPhase('back');
          return;
        }
      }
      if (!cancelled.current) setPhase('timeout');
    },
    [http, queryClient],
  );

  const restart = useCallback(() => {
    setError(null);
    setPhase('requesting');
    restartServer(http).then(
      () => {
        setPhase('restarting');
        void waitUntilBack(startedAt);
      },
      (failure: unknown) => {
        setError(failure);
        setPhase('idle');
      },
    );
  }, [http, startedAt, waitUntilBack]);

  return { phase, error, restart, dismiss: () => setPhase('idle') };
}
