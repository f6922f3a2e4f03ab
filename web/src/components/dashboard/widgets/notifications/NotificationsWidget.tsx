import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMPTY_FILTERS } from '../../../../lib/event-filters';
import { useNotificationLightbox } from '../../../../hooks/use-event-lightbox';
import { useNotificationList } from '../../../../hooks/use-events';
import { Lightbox } from '../../../events/Lightbox';
import { NotificationCard } from '../../../events/NotificationCard';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps } from '../../widget-types';
import { WidgetError } from '../../WidgetError';
import type { LatestSettings } from '../latest-count';

/**
 * The newest notifications. It reads the same cached list as the notifications page, which the socket keeps
 * current (event-sync), so a new notification appears here at once.
 */
export function NotificationsWidget({ settings }: WidgetProps<LatestSettings>) {
  const { t } = useTranslation(['widgets', 'common']);
  const list = useNotificationList(EMPTY_FILTERS);
  const lightbox = useNotificationLightbox();
  if (list.isPending) return <Spinner label={t('common:layout.loading')} />;
  if (list.isError) return <WidgetError error={list.error} onRetry={() => void list.refetch()} />;
  const items = list.items.slice(0, settings.count);
  return (
    <div className="flex flex-col gap-2" data-testid="notifications-widget">
      {items.length === 0 ? <p className="text-sm text-foreground-muted">{t('widgets:notifications.none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((n) => (
          <NotificationCard key={n.id} notification={n} compact onOpen={lightbox.canOpen(n) ? () => void lightbox.open(n) : undefined} />
        ))}
      </ul>
      <Link to="/notifications" className="text-sm font-medium text-primary hover:underline">
        {t('widgets:notifications.all')}
      </Link>
      <Lightbox items={lightbox.item ? [lightbox.item] : []} index={lightbox.item ? 0 : -1} onIndex={() => undefined} onClose={lightbox.close} />
    </div>
  );
}
