import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupDownloadPath, fetchFile, readLocalStorage, saveBlob } from '../../../api/backup-api';
import { formatSize } from '../../../components/events/format';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { useToast } from '../../../hooks/use-toast';

/** Download: the archive is made while it streams; the bytes received so far are the progress. */
export function DownloadCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [recordings, setRecordings] = useState(false);
  const [received, setReceived] = useState<number | null>(null);

  async function download() {
    setReceived(0);
    try {
      const { blob, fileName } = await fetchFile(backupDownloadPath(recordings, readLocalStorage()), setReceived);
      saveBlob(blob, fileName);
      toast.success(t('backup:download.done'));
    } catch (error) {
      toast.downloadError(error);
    } finally {
      setReceived(null);
    }
  }

  const busy = received !== null;
  return (
    <Card title={t('backup:download.title')} description={t('backup:download.hint')}>
      <div className="flex flex-col gap-4">
        <Checkbox label={t('backup:download.recordings')} checked={recordings} disabled={busy} onChange={(e) => setRecordings(e.target.checked)} data-testid="backup-include-recordings" />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void download()} disabled={busy} data-testid="backup-download">
            {t('backup:download.button')}
          </Button>
          {busy ? (
            <span className="text-sm text-foreground-muted" role="status" data-testid="backup-download-progress">
              {t('backup:download.progress', { size: formatSize(received, i18n.language) })}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
