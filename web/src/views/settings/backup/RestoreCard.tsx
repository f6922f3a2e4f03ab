import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/event-format';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog, useConfirm } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { useRestore } from '../../../hooks/use-backup';

/**
 * Restore: pick the file, confirm (what happens is spelled out), upload with progress, then wait for the restarted
 * server, put this browser's layout and theme back, and sign out (sessions are not restored).
 */
export function RestoreCard() {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const { phase, restore, busy } = useRestore();
  const confirmRestore = useConfirm(() => {
    if (file) void restore(file);
  });

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
          <Button variant="danger" disabled={!file || busy} onClick={confirmRestore.ask} data-testid="backup-restore">
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
        {...confirmRestore.dialog}
        title={t('backup:restore.confirmTitle')}
        message={t('backup:restore.confirmMessage')}
        confirmLabel={t('backup:restore.confirm')}
      />
    </Card>
  );
}
