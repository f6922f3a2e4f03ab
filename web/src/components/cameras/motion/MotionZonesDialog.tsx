import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera, MotionZone } from '@homecam/shared';
import { useUpdateCamera } from '../../../hooks/use-cameras';
import { useToast } from '../../../hooks/use-toast';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { MotionSliders, type MotionKey, type MotionValues } from './MotionSliders';
import { ZoneEditor } from './ZoneEditor';
import { motionPatch } from './motion-patch';
import { ModalActions } from '../../ui/ModalActions';

export interface MotionZonesDialogProps {
  camera: Camera;
  canEdit: boolean;
  onClose: () => void;
}

const valuesOf = (camera: Camera): MotionValues => ({
  sensitivity: camera.videoanalysis.sensitivity,
  difference: camera.videoanalysis.difference,
  dwellTimer: camera.videoanalysis.dwellTimer,
  forceCloseTimer: camera.videoanalysis.forceCloseTimer,
  motionTimeout: camera.motionTimeout,
});

/**
 * Motion zones and detector settings of one camera. Saved with PATCH /api/cameras/:name; the server hands
 * `videoanalysis` changes to the running motion detector, so the stream is not restarted.
 */
export function MotionZonesDialog({ camera, canEdit, onClose }: MotionZonesDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateCamera();
  const [initial] = useState(() => ({ values: valuesOf(camera), zones: camera.videoanalysis.regions }));
  const [values, setValues] = useState<MotionValues>(initial.values);
  const [zones, setZones] = useState<MotionZone[]>(initial.zones);
  const disabled = !canEdit || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit) return;
    const patch = motionPatch(initial, { values, zones });
    if (!patch) {
      onClose();
      return;
    }
    update.mutate(
      { name: camera.name, patch },
      {
        onSuccess: () => {
          toast.success(t('cameras:motion.saved', { camera: camera.name }));
          onClose();
        },
        onError: toast.apiError,
      },
    );
  }

  return (
    <Modal
      open
      size="wide"
      title={t('cameras:motion.title', { camera: camera.name })}
      onClose={onClose}
      testId="motion-zones-dialog"
      footer={
        <ModalActions onCancel={onClose} cancelLabel={canEdit ? t('actions.cancel') : t('cameras:settings.close')}>
          {canEdit ? (
            <Button type="submit" form="motion-zones-form" disabled={update.isPending} data-testid="motion-zones-submit">
              {t('actions.save')}
            </Button>
          ) : null}
        </ModalActions>
      }
    >
      <form id="motion-zones-form" noValidate onSubmit={submit} className="flex flex-col gap-6">
        <p className="text-sm text-foreground-muted">{t('cameras:motion.liveHint')}</p>
        <ZoneEditor camera={camera.name} zones={zones} onChange={setZones} disabled={disabled} />
        <MotionSliders values={values} onChange={(key: MotionKey, value) => setValues((previous) => ({ ...previous, [key]: value }))} disabled={disabled} />
      </form>
    </Modal>
  );
}
