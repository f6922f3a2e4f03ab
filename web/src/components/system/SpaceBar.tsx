import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/event-format';
import { usedPercent } from './format';

/** Free/total of a file system with a bar of the used part; "unknown" when the system did not say. */
export function SpaceBar({ freeBytes, totalBytes, testId }: { freeBytes: number | null; totalBytes: number | null; testId?: string }) {
  const { t, i18n } = useTranslation();
  const used = usedPercent(freeBytes, totalBytes);
  if (used === null || freeBytes === null || totalBytes === null) {
    return <p className="text-sm text-foreground-muted">{t('system:disk.unknown')}</p>;
  }
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t('system:disk.used')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(used)}
      >
        <div className={used > 90 ? 'h-full rounded-full bg-danger' : 'h-full rounded-full bg-primary'} style={{ width: `${used}%` }} />
      </div>
      <p className="text-sm text-foreground-muted">
        {t('system:disk.free', { free: formatSize(freeBytes, i18n.language), total: formatSize(totalBytes, i18n.language) })}
      </p>
    </div>
  );
}
