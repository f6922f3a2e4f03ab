import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/event-format';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { useBackupDownload } from '../../../hooks/use-download';
import { useToast } from '../../../hooks/use-toast';

/** Download: the archive is made while it streams; the bytes received so far are the progress. */
export function DownloadCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [recordings, setRecordings] = useState(false);
  const download = useBackupDownload();

  async function start() {
    if (await download.run(recordings)) toast.success(t('backup:download.done'));
  }

  const busy = download.busy;
  return (
    <Card title={t('backup:download.title')} description={t('backup:download.hint')}>
      <div className="flex flex-col gap-4">
        <Checkbox label={t('backup:download.recordings')} checked={recordings} disabled={busy} onChange={(e) => setRecordings(e.target.checked)} data-testid="backup-include-recordings" />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void start()} disabled={busy} data-testid="backup-download">
            {t('backup:download.button')}
          </Button>
          {busy ? (
            <span className="text-sm text-foreground-muted" role="status" data-testid="backup-download-progress">
              {t('backup:download.progress', { size: formatSize(download.bytes ?? 0, i18n.language) })}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
