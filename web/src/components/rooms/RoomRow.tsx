import { useTranslation } from 'react-i18next';
import type { Room } from '@homecam/shared';
import { Button } from '../ui/Button';
import { EditIcon, TrashIcon } from '../ui/icons';

export interface RoomRowProps {
  room: Room;
  isDefault: boolean;
  canEdit: boolean;
  onRename: () => void;
  onDelete: () => void;
}

/** A room with its camera count; the default room can be neither renamed nor removed. */
export function RoomRow({ room, isDefault, canEdit, onRename, onDelete }: RoomRowProps) {
  const { t } = useTranslation();
  return (
    <li data-testid={`room-row-${room.name}`} className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">
          {room.name}
          {isDefault ? <span className="ml-2 text-xs font-normal text-foreground-muted">{t('settings:rooms.default')}</span> : null}
        </p>
        <p className="text-xs text-foreground-muted">{t('settings:rooms.cameraCount', { total: room.cameras })}</p>
      </div>
      {canEdit && !isDefault ? (
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" onClick={onRename} aria-label={t('settings:rooms.rename', { room: room.name })} data-testid={`room-rename-${room.name}`}>
            <EditIcon />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('settings:rooms.delete', { room: room.name })} data-testid={`room-delete-${room.name}`}>
            <TrashIcon />
          </Button>
        </div>
      ) : null}
    </li>
  );
}
