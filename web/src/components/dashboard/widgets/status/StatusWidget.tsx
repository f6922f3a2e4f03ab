import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../../../hooks/use-widget-data';
import { Uptime } from '../../../system/Uptime';
import { WidgetQueryState } from '../widget-query-error';

/** Version, uptime (counting) and cameras online of the server. */
export function StatusWidget() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const data = status.data;
  return (
    <div className="flex h-full flex-col gap-2 text-sm" data-testid="widget-status">
      {data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-foreground-muted">{t('system:widgets.version')}</dt>
          <dd className="text-foreground" data-testid="widget-status-version">
            {data.version}
          </dd>
          <dt className="text-foreground-muted">{t('system:widgets.uptime')}</dt>
          <dd className="text-foreground">
            <Uptime seconds={data.uptimeSeconds} since={status.dataUpdatedAt} />
          </dd>
          <dt className="text-foreground-muted">{t('system:widgets.cameras')}</dt>
          <dd className="text-foreground" data-testid="widget-status-cameras">
            {t('system:widgets.camerasOnline', { online: data.cameras.online, total: data.cameras.total })}
          </dd>
        </dl>
      ) : (
        <WidgetQueryState query={status} testId="widget-status" />
      )}
    </div>
  );
}
