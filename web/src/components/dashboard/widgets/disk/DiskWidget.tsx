import { useTranslation } from 'react-i18next';
import { useSystemDisk } from '../../../../hooks/use-widget-data';
import { formatSize } from '../../../../lib/event-format';
import { SpaceBar } from '../../../system/SpaceBar';
import { WidgetQueryState } from '../widget-query-error';

/** Free space of the recordings disk and how much the recordings take. */
export function DiskWidget() {
  const { t, i18n } = useTranslation();
  const disk = useSystemDisk();
  const data = disk.data;
  return (
    <div className="flex h-full flex-col gap-2" data-testid="widget-disk">
      {data ? (
        <>
          <SpaceBar freeBytes={data.freeBytes} totalBytes={data.totalBytes} testId="widget-disk-space" />
          <p className="text-sm text-foreground" data-testid="widget-disk-recordings">
            {t('system:widgets.recordings', { size: formatSize(data.recordingsBytes, i18n.language) })}
          </p>
        </>
      ) : (
        <WidgetQueryState query={disk} testId="widget-disk" />
      )}
    </div>
  );
}
