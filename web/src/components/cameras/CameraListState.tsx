import type { Camera } from '@homecam/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/route-table';
import { useRouteAccess } from '../../hooks/use-permissions';
import { QueryStatus } from '../layout/QueryStatus';

/**
 * What a camera list shows before it has cameras: loading, the translated error, or the empty state with a link
 * to the camera settings for those who may add one. Shared by /cameras and /camview.
 */
export function CameraListState({ cameras, emptyTestId }: { cameras: UseQueryResult<Camera[]>; emptyTestId: string }) {
  const { t } = useTranslation();
  const canOpen = useRouteAccess();
  return (
    <>
      <QueryStatus query={cameras} />
      {cameras.data?.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center" data-testid={emptyTestId}>
          <p className="text-foreground-muted">{t('cameras:list.empty')}</p>
          {canOpen('settings-cameras') ? (
            <Link to={ROUTES['settings-cameras'].path} className="mt-3 inline-block font-medium text-primary hover:underline">
              {t('cameras:list.addFirst')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
