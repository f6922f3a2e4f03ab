import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '@homecam/shared';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Modal } from '../ui/Modal';
import { ModalActions } from '../ui/ModalActions';

export interface FavouritesDialogProps {
  cameras: readonly Camera[];
  /** The cameras shown now. */
  shown: readonly Camera[];
  onSave: (names: string[] | null) => void;
  onClose: () => void;
}

/** Which cameras camview shows; choosing all of them (or none) means "every camera", new ones included. */
export function FavouritesDialog({ cameras, shown, onSave, onClose }: FavouritesDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => new Set(shown.map((camera) => camera.name)));
  const toggle = (name: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const save = () => {
    const all = chosen.size === 0 || chosen.size === cameras.length;
    onSave(all ? null : cameras.filter((camera) => chosen.has(camera.name)).map((camera) => camera.name));
    onClose();
  };

  return (
    <Modal
      open
      title={t('cameras:camview.favouritesTitle')}
      onClose={onClose}
      testId="camview-favourites-dialog"
      footer={
        <ModalActions onCancel={onClose}>
          <Button onClick={save} data-testid="camview-favourites-save">
            {t('actions.save')}
          </Button>
        </ModalActions>
      }
    >
      <p className="mb-3 text-sm text-foreground-muted">{t('cameras:camview.favouritesHint')}</p>
      <div className="flex flex-col gap-2">
        {cameras.map((camera) => (
          <Checkbox
            key={camera.name}
            label={camera.name}
            checked={chosen.has(camera.name)}
            onChange={(event) => toggle(camera.name, event.target.checked)}
            data-testid={`camview-favourite-${camera.name}`}
          />
        ))}
      </div>
    </Modal>
  );
}
