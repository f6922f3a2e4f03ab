import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROOM, type Room } from '@homecam/shared';
import { PageTitle } from '../../components/layout/PageTitle';
import { AddRoomForm } from '../../components/rooms/AddRoomForm';
import { RenameRoomDialog } from '../../components/rooms/RenameRoomDialog';
import { RoomRow } from '../../components/rooms/RoomRow';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import { useDeleteRoom, useRoomList } from '../../hooks/use-rooms';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { AtHomeCard } from './AtHomeCard';

type Dialog = { kind: 'rename'; room: Room } | { kind: 'delete'; room: Room } | null;

const isDefaultRoom = (room: Room) => room.name.trim().toLowerCase() === DEFAULT_ROOM.toLowerCase();

/** /settings/interface: the rooms cameras are grouped by. */
export function InterfaceSettingsView() {
  const { t } = useTranslation();
  const toast = useToast();
  const rooms = useRoomList();
  const remove = useDeleteRoom();
  const canEdit = useHasAllPermissions(['settings:general:edit']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  function confirmDelete(room: Room) {
    remove.mutate(room.name, {
      onSuccess: () => toast.success(t('settings:rooms.deleted', { room: room.name })),
      onError: toast.apiError,
      onSettled: close,
    });
  }

  return (
    <>
      <PageTitle>{t('routes.settingsInterface')}</PageTitle>
      <Card title={t('settings:rooms.title')} description={t('settings:rooms.hint')}>
        {canEdit ? <AddRoomForm /> : null}
        <QueryStatus query={rooms} />
        <ul data-testid="room-list" className="mt-2 divide-y divide-border">
          {rooms.data?.map((room) => (
            <RoomRow
              key={room.name}
              room={room}
              isDefault={isDefaultRoom(room)}
              canEdit={canEdit}
              onRename={() => setDialog({ kind: 'rename', room })}
              onDelete={() => setDialog({ kind: 'delete', room })}
            />
          ))}
        </ul>
      </Card>
      <AtHomeCard withExclude className="mt-4" />
      {dialog?.kind === 'rename' ? <RenameRoomDialog room={dialog.room} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('settings:rooms.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('settings:rooms.deleteMessage', { room: dialog.room.name, total: dialog.room.cameras }) : ''}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.room)}
        onCancel={close}
      />
    </>
  );
}
