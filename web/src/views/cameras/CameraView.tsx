import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/route-table';
import { cameraFeedPath } from '../../components/cameras/camera-path';
import { CameraNotifications } from '../../components/events/CameraNotifications';
import { StatusDot } from '../../components/cameras/StatusDot';
import { PageTitle } from '../../components/layout/PageTitle';
import { CameraLive } from '../../components/cameras/CameraLive';
import { Card } from '../../components/ui/Card';
import { ExternalIcon } from '../../components/ui/media-icons';
import { useCamera } from '../../hooks/use-cameras';
import { releaseEarlyLive } from '../../api/live/live-early';
import { useHasAnyPermission, useRouteAccess } from '../../hooks/use-permissions';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { CameraPlayback } from './CameraPlayback';
import { PtzPad } from '../../components/onvif/PtzPad';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-foreground-muted">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** /cameras/:name: the live player, the camera's room and status, and the link to its feed. */
export function CameraView({ name }: { name: string }) {
  const { t } = useTranslation();
  const camera = useCamera(name);
  const canOpen = useRouteAccess();
  const data = camera.data;
  const mayReadNotifications = useHasAnyPermission(['notifications:access']);
  const mayWatchRecordings = useHasAnyPermission(['recordings:access']);
  // No such camera (or hidden from this user): no player will take the page's early picture.
  useEffect(() => {
    if (camera.isError) releaseEarlyLive(null);
  }, [camera.isError]);

  return (
    <>
      <PageTitle subtitle={data ? data.room : undefined}>{data?.name ?? name}</PageTitle>
      <QueryStatus query={camera} errorTestId="camera-error" />
      {data ? (
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          {mayWatchRecordings ? (
            <CameraPlayback key={data.name} camera={data.name} />
          ) : (
            <CameraLive key={data.name} camera={data.name} talk className="aspect-video w-full rounded-xl lg:flex-1" />
          )}
          <Card className="lg:w-72 lg:shrink-0">
            <dl className="flex flex-col gap-3">
              <Detail label={t('cameras:details.status')}>
                <StatusDot camera={data.name} label />
              </Detail>
              <Detail label={t('cameras:details.room')}>
                <span data-testid="camera-room">{data.room}</span>
              </Detail>
              {data.manufacturer || data.model ? (
                <Detail label={t('cameras:details.model')}>{[data.manufacturer, data.model].filter(Boolean).join(' · ')}</Detail>
              ) : null}
            </dl>
            <div className="mt-4 flex flex-col gap-2">
              <Link to={cameraFeedPath(data.name)} className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline" data-testid="camera-feed-link">
                <ExternalIcon width={16} height={16} /> {t('cameras:details.openFeed')}
              </Link>
              {canOpen('settings-cameras') ? (
                <Link to={ROUTES['settings-cameras'].path} className="text-sm font-medium text-primary hover:underline">
                  {t('cameras:details.settings')}
                </Link>
              ) : null}
            </div>
            {data.onvif?.ptz && data.onvif.url ? <PtzPad camera={data.name} /> : null}
          </Card>
        </div>
      ) : null}
      {data && mayReadNotifications ? <CameraNotifications camera={data.name} /> : null}
    </>
  );
}
