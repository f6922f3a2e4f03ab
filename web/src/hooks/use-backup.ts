import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error';
import { applyLocalStorage, listAutomaticBackups, uploadRestore, waitForRestoredServer } from '../api/backup-api';
import { describeError } from './describe-error';
import { useHttp } from './use-http';
import { useSessionActions } from './use-session';

/** The daily database copies (GET /api/backup/automatic), newest first. */
export function useAutomaticBackups() {
  const http = useHttp();
  return useQuery({ queryKey: ['backup', 'automatic'], queryFn: () => listAutomaticBackups(http) });
}

export type RestorePhase = { kind: 'idle' } | { kind: 'uploading'; sent: number; total: number } | { kind: 'restarting' } | { kind: 'failed'; message: string };

/** The server's refusals of an archive that did not pass its checks: spec §8's 'verification not successful'. */
const VERIFICATION_CODES = new Set(['BACKUP_INVALID', 'BACKUP_UNSAFE_ENTRY', 'BACKUP_NOT_SIGNED', 'BACKUP_TOO_NEW']);

/**
 * A restore: upload with progress, then wait for the restarted server, put this browser's layout and theme back,
 * and sign out (sessions are not restored). Leaving the page stops the waiting.
 */
export function useRestore() {
  const { t } = useTranslation();
  const http = useHttp();
  const { logout } = useSessionActions();
  const [phase, setPhase] = useState<RestorePhase>({ kind: 'idle' });
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  async function restore(file: File) {
    setPhase({ kind: 'uploading', sent: 0, total: file.size });
    try {
      const result = await uploadRestore(http, file, (sent, total) => setPhase({ kind: 'uploading', sent, total }));
      setPhase({ kind: 'restarting' });
      await waitForRestoredServer(http, abort.current.signal);
      applyLocalStorage(result.localStorage);
      logout();
    } catch (error) {
      if (abort.current.signal.aborted) return;
      const reason = describeError(t, error);
      const verification = error instanceof ApiError && VERIFICATION_CODES.has(error.code);
      setPhase({ kind: 'failed', message: verification ? t('backup:restore.verificationFailed', { reason }) : reason });
    }
  }

  return { phase, restore, busy: phase.kind === 'uploading' || phase.kind === 'restarting' };
}
