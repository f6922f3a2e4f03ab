import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@homecam/shared';
import { useRenameRoom } from '../../hooks/use-rooms';
import { useToast } from '../../hooks/use-toast';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { useRoomNameField } from './room-name';
import { ModalActions } from '../ui/ModalActions';

/** Renames a room; its cameras move with it. */
export function RenameRoomDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const rename = useRenameRoom();
  const name = useRoomNameField(room.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.check()) return;
    const next = name.value.trim();
    if (next === room.name) {
      onClose();
      return;
    }
    rename.mutate(
      { name: room.name, next },
      {
        onSuccess: (renamed) => {
          toast.success(t('settings:rooms.renamed', { room: renamed.name }));
          onClose();
        },
        onError: name.onError,
      },
    );
  }

  return (
    <Modal
      open
      title={t('settings:rooms.renameTitle', { room: room.name })}
      onClose={onClose}
      testId="room-rename-dialog"
      footer={
        <ModalActions onCancel={onClose}>
          <Button type="submit" form="room-rename-form" disabled={rename.isPending} data-testid="room-rename-submit">
            {t('actions.save')}
          </Button>
        </ModalActions>
      }
    >
      <form id="room-rename-form" noValidate onSubmit={submit}>
        <TextField
          label={t('settings:rooms.name')}
          {...name.fieldProps}
          hint={t('settings:rooms.renameHint')}
          autoComplete="off"
          data-testid="room-rename-name"
        />
      </form>
    </Modal>
  );
}
