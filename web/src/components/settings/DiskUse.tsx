import { useTranslation } from 'react-i18next';
import type { RecordingDisk } from '@homecam/shared';
import { formatSize } from '../../lib/event-format';
import { Card } from '../ui/Card';

/** Recordings size and count, and free/total of the disk with a bar of the used part. */
export function DiskUse({ disk }: { disk: RecordingDisk }) {
  const { t, i18n } = useTranslation();
  const known = disk.freeBytes !== null && disk.totalBytes !== null && disk.totalBytes > 0;
  const usedPercent = known ? Math.min(100, Math.max(0, ((disk.totalBytes! - disk.freeBytes!) / disk.totalBytes!) * 100)) : 0;
  return (
    <Card title={t('events:settings.diskTitle')}>
      <div className="flex flex-col gap-2 text-sm" data-testid="settings-recordings-disk">
        <p data-testid="settings-recordings-disk-recordings">
          {t('events:settings.diskRecordings', { size: formatSize(disk.recordingsBytes, i18n.language), count: disk.recordingsCount })}
        </p>
        {known ? (
          <>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(usedPercent)}
              data-testid="settings-recordings-disk-bar"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${usedPercent}%` }} />
            </div>
            <p className="text-foreground-muted" data-testid="settings-recordings-disk-free">
              {t('events:settings.diskFree', { free: formatSize(disk.freeBytes!, i18n.language), total: formatSize(disk.totalBytes!, i18n.language) })}
            </p>
          </>
        ) : (
          <p className="text-foreground-muted">{t('events:settings.diskUnknown')}</p>
        )}
      </div>
    </Card>
  );
}
