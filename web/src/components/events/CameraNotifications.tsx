import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCameraNotifications } from '../../hooks/use-events';
import { useNotificationLightbox } from '../../hooks/use-event-lightbox';
import { Card } from '../ui/Card';
import { ChevronIcon } from '../ui/media-icons';
import { Spinner } from '../ui/Spinner';
import { Lightbox } from './Lightbox';
import { NotificationCard } from './NotificationCard';

/** The camera page's last five notifications, collapsible; each opens in the lightbox. */
export function CameraNotifications({ camera }: { camera: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const latest = useCameraNotifications(camera, 5);
  const lightbox = useNotificationLightbox();
  const items = latest.data ?? [];
  return (
    <div data-testid="camera-notifications">
    <Card className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-2 text-left text-sm font-semibold text-foreground"
        data-testid="camera-notifications-toggle"
      >
        {t('events:camera.latest')}
        <ChevronIcon width={18} height={18} className={open ? 'rotate-90' : ''} />
      </button>
      {open ? (
        <div className="mt-3">
          {latest.isPending ? <Spinner label={t('layout.loading')} /> : null}
          {latest.isSuccess && items.length === 0 ? <p className="text-sm text-foreground-muted">{t('events:camera.none')}</p> : null}
          <ul className="flex flex-col gap-2">
            {items.map((n) => (
              <NotificationCard key={n.id} notification={n} compact onOpen={lightbox.canOpen(n) ? () => lightbox.open(n) : undefined} />
            ))}
          </ul>
          {items.length > 0 ? (
            <Link to={`/notifications?cameras=${encodeURIComponent(camera)}`} className="mt-3 inline-block text-sm font-medium text-primary hover:underline" data-testid="camera-notifications-all">
              {t('events:camera.all')}
            </Link>
          ) : null}
        </div>
      ) : null}
      <Lightbox items={lightbox.item ? [lightbox.item] : []} index={lightbox.item ? 0 : -1} onIndex={() => undefined} onClose={lightbox.close} />
    </Card>
    </div>
  );
}
