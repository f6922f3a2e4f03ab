import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLocalStorage, uploadRestore, waitForRestoredServer } from '../../../api/backup-api';
import { formatSize } from '../../../components/events/format';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../api/api-error';
import { describeError } from '../../../hooks/describe-error';
import { useSessionActions } from '../../../hooks/use-session';

type Phase = { kind: 'idle' } | { kind: 'uploading'; sent: number; total: number } | { kind: 'restarting' } | { kind: 'failed'; message: string };

/** The server's refusals of an archive that did not pass its checks: spec §8's 'verification not successful'. */
const VERIFICATION_CODES = new Set(['BACKUP_INVALID', 'BACKUP_UNSAFE_ENTRY', 'BACKUP_NOT_SIGNED', 'BACKUP_TOO_NEW']);

/**
 * Restore: pick the file, confirm (what happens is spelled out), upload with progress, then wait for the restarted
 * server, put this browser's layout and theme back, and sign out (sessions are not restored).
 */
export function RestoreCard() {
  const { t, i18n } = useTranslation();
  const { logout } = useSessionActions();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  async function start() {
    if (!file) return;
    setConfirming(false);
    setPhase({ kind: 'uploading', sent: 0, total: file.size });
    try {
      const result = await uploadRestore(file, (sent, total) => setPhase({ kind: 'uploading', sent, total }));
      setPhase({ kind: 'restarting' });
      await waitForRestoredServer(abort.current.signal);
      applyLocalStorage(result.localStorage);
      logout();
    } catch (error) {
      if (abort.current.signal.aborted) return;
      const reason = describeError(t, error);
      const verification = error instanceof ApiError && VERIFICATION_CODES.has(error.code);
      setPhase({ kind: 'failed', message: verification ? t('backup:restore.verificationFailed', { reason }) : reason });
    }
  }

  const busy = phase.kind === 'uploading' || phase.kind === 'restarting';
  return (
    <Card title={t('backup:restore.title')} description={t('backup:restore.hint')}>
      <div className="flex flex-col gap-4">
        <input
          type="file"
          accept=".tar.gz,.tgz,application/gzip"
          disabled={busy}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-foreground file:mr-3 file:rounded-lg file:border-0 file:bg-muted file:px-3 file:py-2 file:text-foreground"
          aria-label={t('backup:restore.file')}
          data-testid="backup-restore-file"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="danger" disabled={!file || busy} onClick={() => setConfirming(true)} data-testid="backup-restore">
            {t('backup:restore.button')}
          </Button>
          {phase.kind === 'uploading' ? (
            <span className="text-sm text-foreground-muted" role="status">
              {t('backup:restore.uploading', { sent: formatSize(phase.sent, i18n.language), total: formatSize(phase.total, i18n.language) })}
            </span>
          ) : null}
          {phase.kind === 'restarting' ? (
            <span className="flex items-center gap-2 text-sm text-foreground" role="status" data-testid="backup-restarting">
              <Spinner /> {t('backup:restore.restarting')}
            </span>
          ) : null}
        </div>
        {phase.kind === 'failed' ? (
          <p className="text-sm text-danger" role="alert" data-testid="backup-restore-error">
            {phase.message}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('backup:restore.confirmTitle')}
        message={t('backup:restore.confirmMessage')}
        confirmLabel={t('backup:restore.confirm')}
        cancelLabel={t('backup:restore.cancel')}
        onConfirm={() => void start()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
