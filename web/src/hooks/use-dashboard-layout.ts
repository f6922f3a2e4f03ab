import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS, type DashboardLayout } from '@homecam/shared';
import { getDashboardLayout, saveDashboardLayout } from '../api/dashboard-api';
import { compactLayout, defaultLayout, parseLayout, parseStoredText, type Permissions, type Registry } from '../lib/dashboard-layout';
import { useToast } from './use-toast';
import { useHttp } from './use-http';

/** Drags come in bursts (move, resize, move): one PUT for a burst. */
export const SAVE_DEBOUNCE_MS = 500;
const LAYOUT_KEY = ['dashboard', 'layout'] as const;

function writeLocal(layout: DashboardLayout) {
  try {
    localStorage.setItem(STORAGE_KEYS.dashboardLayout, JSON.stringify(layout));
  } catch {
    // Storage full or disabled (private mode): the server copy still saves it.
  }
}

/** Which board to start from: the server's (another device may have changed it), else this browser's, else the default. */
export function initialLayout(server: DashboardLayout | null | undefined, localText: string | null, registry: Registry, permissions: Permissions): DashboardLayout {
  const chosen = (server ? parseLayout(server) : null) ?? parseStoredText(localText) ?? defaultLayout(registry, permissions);
  return compactLayout(chosen, registry, permissions);
}

/**
 * The user's board: loaded once (server, else localStorage `dashboard-layout`, else the default), then every
 * change is written to localStorage at once and PUT to the server debounced. Only explicit changes (drag or
 * resize stop, add, remove, settings, lock) save; the grid's own layout echoes never do.
 */
export function useDashboardLayout(registry: Registry, permissions: Permissions) {
  const http = useHttp();
  const toast = useToast();
  // The toast helpers are new each render; the save path reads the latest without re-subscribing.
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  });
  const queryClient = useQueryClient();
  // Read once per page load: this browser's later changes are written into the cache (below), so coming back to
  // the board in the same session shows them without asking the server again (and without racing the last PUT).
  const server = useQuery({ queryKey: LAYOUT_KEY, queryFn: ({ signal }) => getDashboardLayout(http, signal), staleTime: Infinity, retry: 1 });
  const [layout, setLayout] = useState<DashboardLayout | null>(null);
  const handedOver = useRef(false);
  const pending = useRef<DashboardLayout | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const ready = server.isSuccess || server.isError;
  if (ready && layout === null) {
    // Decided once, during render: the board never shows the default and then jumps to the saved one.
    setLayout(initialLayout(server.data?.layout, localStorage.getItem(STORAGE_KEYS.dashboardLayout), registry, permissions));
  }

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) saveDashboardLayout(http, next).catch((error: unknown) => toastRef.current.apiError(error));
  }, [http]);

  // Leaving the page (navigation or closing the tab) sends what is still waiting.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (next: DashboardLayout) => {
      setLayout(next);
      writeLocal(next);
      queryClient.setQueryData(LAYOUT_KEY, { layout: next, updatedAt: new Date().toISOString() });
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
    },
    [flush, queryClient],
  );

  // A board kept only in this browser (saved before the server kept one) is handed to the server once. Once this
  // browser changed something the cache holds that change, so this never fires again.
  const serverEmpty = server.isSuccess && server.data.layout === null;
  useEffect(() => {
    if (!layout || !serverEmpty || handedOver.current) return;
    handedOver.current = true;
    if (!parseStoredText(localStorage.getItem(STORAGE_KEYS.dashboardLayout))) return;
    pending.current = layout;
    timer.current = setTimeout(flush, SAVE_DEBOUNCE_MS);
  }, [layout, serverEmpty, flush]);

  return { layout, loading: !ready, change };
}
