import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROOM, type Camera, type OnvifInspectResult } from '@homecam/shared';
import { CameraFormDialog } from '../../components/camera-settings/CameraFormDialog';
import { CameraSettingsRow } from '../../components/camera-settings/CameraSettingsRow';
import type { FormValues } from '../../components/camera-settings/camera-form';
import { FindCamerasDialog } from '../../components/onvif/FindCamerasDialog';
import { onvifPrefill } from '../../components/onvif/onvif-prefill';
import { MotionZonesDialog } from '../../components/cameras/motion/MotionZonesDialog';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { PlusIcon, SearchIcon } from '../../components/ui/icons';
import { useCameraList, useCreateDemoCamera, useDeleteCamera } from '../../hooks/use-cameras';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import { useRoomList } from '../../hooks/use-rooms';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../../components/layout/QueryStatus';

type Dialog = { kind: 'add'; prefill?: FormValues } | { kind: 'find' } | { kind: 'edit'; camera: Camera } | { kind: 'delete'; camera: Camera } | { kind: 'motion'; camera: Camera } | null;

/** Above the list: add the demo camera, find cameras on the network (ONVIF), add one by hand. */
function ListActions({ onDemo, demoBusy, onFind, onAdd }: { onDemo: () => void; demoBusy: boolean; onFind: () => void; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mb-2 flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onDemo} disabled={demoBusy} data-testid="camera-add-demo">
        <PlusIcon /> {t('cameras:settings.addDemo')}
      </Button>
      <Button variant="secondary" onClick={onFind} data-testid="camera-find-open">
        <SearchIcon /> {t('cameras:onvif.open')}
      </Button>
      <Button onClick={onAdd} data-testid="camera-add-open">
        <PlusIcon /> {t('cameras:settings.add')}
      </Button>
    </div>
  );
}

/** /settings/cameras: the cameras of config.json; add (or add the demo camera), edit every field, remove. */
export function CamerasSettingsView() {
  const { t } = useTranslation();
  const toast = useToast();
  const cameras = useCameraList();
  const rooms = useRoomList();
  const remove = useDeleteCamera();
  const demo = useCreateDemoCamera();
  const canEdit = useHasAllPermissions(['settings:cameras:edit']);
  const isAdmin = useHasAllPermissions(['admin']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const roomNames = rooms.data?.map((room) => room.name) ?? [DEFAULT_ROOM];

  function addDemo() {
    demo.mutate(undefined, {
      onSuccess: (camera) => toast.success(t('cameras:settings.created', { camera: camera.name })),
      onError: toast.apiError,
    });
  }

  /** A camera read over ONVIF: the add form opens filled in; a camera clock that is off is said once. */
  function found(result: OnvifInspectResult, name: string | null) {
    if (result.warnings.includes('CLOCK_OFF')) toast.warning(t('cameras:onvif.clockOff', { minutes: Math.round(result.clockOffsetSeconds / 60) }));
    setDialog({ kind: 'add', prefill: onvifPrefill(result, name) });
  }

  function confirmDelete(camera: Camera) {
    remove.mutate(camera.name, {
      onSuccess: () => toast.success(t('cameras:settings.deleted', { camera: camera.name })),
      onError: toast.apiError,
      onSettled: close,
    });
  }

  return (
    <>
      <PageTitle>{t('routes.settingsCameras')}</PageTitle>
      <Card title={t('cameras:settings.listTitle')}>
        {canEdit ? <ListActions onDemo={addDemo} demoBusy={demo.isPending} onFind={() => setDialog({ kind: 'find' })} onAdd={() => setDialog({ kind: 'add' })} /> : null}
        <QueryStatus query={cameras} />
        {cameras.data?.length === 0 ? <p className="py-3 text-sm text-foreground-muted">{t('cameras:list.empty')}</p> : null}
        <ul data-testid="camera-settings-list" className="divide-y divide-border">
          {cameras.data?.map((camera) => (
            <CameraSettingsRow
              key={camera.name}
              camera={camera}
              canEdit={canEdit}
              onEdit={() => setDialog({ kind: 'edit', camera })}
              onDelete={() => setDialog({ kind: 'delete', camera })}
              onMotion={() => setDialog({ kind: 'motion', camera })}
            />
          ))}
        </ul>
      </Card>
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <CameraFormDialog
          camera={dialog.kind === 'edit' ? dialog.camera : undefined}
          prefill={dialog.kind === 'add' ? dialog.prefill : undefined}
          rooms={roomNames}
          canEdit={canEdit}
          isAdmin={isAdmin}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'find' ? <FindCamerasDialog onClose={close} onFound={found} /> : null}
      {dialog?.kind === 'motion' ? <MotionZonesDialog camera={dialog.camera} canEdit={canEdit} onClose={close} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('cameras:settings.deleteTitle')}
        message={dialog?.kind === 'delete' ? t('cameras:settings.deleteMessage', { camera: dialog.camera.name }) : ''}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && confirmDelete(dialog.camera)}
        onCancel={close}
      />
    </>
  );
}
