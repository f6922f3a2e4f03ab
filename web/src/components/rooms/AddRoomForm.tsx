import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRoom } from '../../hooks/use-rooms';
import { useToast } from '../../hooks/use-toast';
import { Button } from '../ui/Button';
import { PlusIcon } from '../ui/icons';
import { TextField } from '../ui/TextField';
import { useRoomNameField } from './room-name';

/** A name and a button: adds a room. */
export function AddRoomForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateRoom();
  const name = useRoomNameField();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.check()) return;
    const submitted = name.value;
    create.mutate(submitted.trim(), {
      onSuccess: (room) => {
        toast.success(t('settings:rooms.created', { room: room.name }));
        // This runs once the refreshed list shows the room: a name typed since then is the next one, not this.
        name.setValue((current) => (current === submitted ? '' : current));
      },
      onError: name.onError,
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={t('settings:rooms.newRoom')}
        {...name.fieldProps}
        autoComplete="off"
        className="min-w-0 flex-1"
        data-testid="room-add-name"
      />
      <Button type="submit" disabled={create.isPending} className="sm:mt-6" data-testid="room-add-submit">
        <PlusIcon /> {t('settings:rooms.add')}
      </Button>
    </form>
  );
}
