import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/event-format';
import { QueryStatus } from '../../../components/layout/QueryStatus';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useAutomaticBackups } from '../../../hooks/use-backup';
import { useAutomaticBackupDownload } from '../../../hooks/use-download';

/** The daily database copies (12:00, the newest 7), each with its size and a download. */
export function AutomaticBackupsCard() {
  const { t, i18n } = useTranslation();
  const list = useAutomaticBackups();
  const download = useAutomaticBackupDownload();

  const date = (name: string) => {
    const match = /(\d{4})-(\d{2})-(\d{2})/.exec(name);
    if (!match) return name;
    return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  };

  return (
    <Card title={t('backup:automatic.title')} description={t('backup:automatic.hint')}>
      <QueryStatus query={list} />
      {list.data && list.data.length === 0 ? <p className="text-sm text-foreground-muted" data-testid="backup-automatic-none">{t('backup:automatic.none')}</p> : null}
      <ul className="flex flex-col divide-y divide-border" data-testid="backup-automatic-list">
        {(list.data ?? []).map((backup) => (
          <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-sm text-foreground">
              {date(backup.name)} <span className="text-foreground-muted">· {formatSize(backup.size, i18n.language)}</span>
            </span>
            <Button size="sm" variant="secondary" disabled={download.busy} onClick={() => void download.run(backup.name)}>
              {t('backup:automatic.download')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
