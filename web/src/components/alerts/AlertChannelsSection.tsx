import { useTranslation } from 'react-i18next';
import { ADMIN_ONLY_ALERT_CHANNELS } from '@homecam/shared';
import { useAlertStatus } from '../../hooks/use-alerts';
import { useHasAnyPermission } from '../../hooks/use-permissions';
import { QueryStatus } from '../layout/QueryStatus';
import { Card } from '../ui/Card';
import { AlertChannelCard } from './AlertChannelCard';

/** Settings → Notifications, "Channels": every alert channel the server runs, its live status and a test. */
export function AlertChannelsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const status = useAlertStatus();
  const isAdmin = useHasAnyPermission(['admin']);
  return (
    <Card title={t('alerts:settings.title')} description={t('alerts:settings.hint')}>
      <div className="flex flex-col gap-3" data-testid="alert-channels">
        <p className="text-xs text-foreground-muted">{t('alerts:settings.templateHint')}</p>
        <QueryStatus query={status} />
        {status.data?.length === 0 ? <p className="text-sm text-foreground-muted">{t('alerts:settings.none')}</p> : null}
        <ul className="flex flex-col gap-3">
          {status.data?.map((channel) => (
            <AlertChannelCard
              key={channel.channel}
              status={channel}
              canEdit={canEdit}
              canTest={isAdmin || !ADMIN_ONLY_ALERT_CHANNELS.includes(channel.channel)}
            />
          ))}
        </ul>
      </div>
    </Card>
  );
}
