import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES } from '@homecam/shared';
import { Can } from '../../components/auth/Can';
import { FilterButton } from '../../components/events/FilterButton';
import { FilterDrawer } from '../../components/events/FilterDrawer';
import { Lightbox } from '../../components/events/Lightbox';
import { LoadMore } from '../../components/events/LoadMore';
import { NotificationCard } from '../../components/events/NotificationCard';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog, useConfirm } from '../../components/ui/ConfirmDialog';
import { useEventFilters, useFilterChoices, useLabelChoices } from '../../hooks/use-event-filters';
import { useNotificationLightbox } from '../../hooks/use-event-lightbox';
import { useDeleteNotifications, useNotificationList } from '../../hooks/use-events';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../../components/layout/QueryStatus';

const EDIT = ['settings:notifications:edit'] as const;

/** /notifications: newest first, filters in a drawer, endless scroll, delete one or all, the lightbox. */
export function NotificationsView() {
  const { t } = useTranslation();
  const [filters, setFilters] = useEventFilters();
  const list = useNotificationList(filters);
  const choices = useFilterChoices(list.items);
  const labels = useLabelChoices(list.items, filters.labels);
  const remove = useDeleteNotifications();
  const mayDelete = useHasAllPermissions(EDIT);
  const lightbox = useNotificationLightbox();
  const toast = useToast();
  const [drawer, setDrawer] = useState(false);

  const deleteIds = (ids: string[] | null, onDeleted?: () => void) =>
    remove.mutate(ids, {
      onSuccess: () => {
        onDeleted?.();
        toast.success(t(ids === null ? 'events:notifications.deletedAll' : 'events:notifications.deleted'));
      },
      onError: (error) => toast.apiError(error),
    });

  // Open (busy) while the list is deleted; a refusal leaves it open with the reason as a toast.
  const confirmAll = useConfirm((close) => deleteIds(null, close), { stayOpen: true });

  return (
    <>
      <PageTitle
        actions={
          <>
            <FilterButton filters={filters} onClick={() => setDrawer(true)} />
            <Can all={EDIT}>
              <Button variant="danger" size="sm" disabled={list.items.length === 0} onClick={confirmAll.ask} data-testid="notifications-delete-all">
                {t('events:list.deleteAll')}
              </Button>
            </Can>
          </>
        }
      >
        {t('routes.notifications')}
      </PageTitle>
      <QueryStatus query={list} />
      {list.isSuccess && list.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center text-foreground-muted" data-testid="notifications-empty">
          {t('events:notifications.empty')}
        </div>
      ) : null}
      <ul className="flex flex-col gap-2" data-testid="notifications-list">
        {list.items.map((notification) => (
          <NotificationCard
            key={notification.id}
            notification={notification}
            onOpen={lightbox.canOpen(notification) ? () => lightbox.open(notification) : undefined}
            onDelete={mayDelete ? () => deleteIds([notification.id]) : undefined}
          />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
      <FilterDrawer
        open={drawer}
        filters={filters}
        cameras={choices.cameras}
        rooms={choices.rooms}
        types={NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(`events:types.${type}`) }))}
        labels={labels}
        onApply={setFilters}
        onClose={() => setDrawer(false)}
      />
      <ConfirmDialog
        {...confirmAll.dialog}
        busy={remove.isPending}
        title={t('events:notifications.deleteAllTitle')}
        message={t('events:notifications.deleteAllMessage')}
        confirmLabel={t('events:list.deleteAll')}
      />
      <Lightbox items={lightbox.item ? [lightbox.item] : []} index={lightbox.item ? 0 : -1} onIndex={() => undefined} onClose={lightbox.close} />
    </>
  );
}
