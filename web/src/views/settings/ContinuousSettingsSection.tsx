import { QueryStatus } from '../../components/layout/QueryStatus';
import { CameraFootageTable, type CameraFootageRow } from '../../components/settings/CameraFootageTable';
import { ContinuousSettingsForm } from '../../components/settings/ContinuousSettingsForm';
import { useCameraList } from '../../hooks/use-cameras';
import { useContinuousSettings } from '../../hooks/use-continuous-settings';
import { useHasAnyPermission } from '../../hooks/use-permissions';

/** GET /api/cameras (each camera's own cap and whether it has a sub stream) is open to these only. */
const CAMERA_READERS = ['cameras:access', 'settings:cameras:access', 'settings:cameras:edit'] as const;

/** Settings → Recordings, 24/7 part: the tiers and caps, and each camera's mode, stream, cap and footage held. */
export function ContinuousSettingsSection() {
  const settings = useContinuousSettings();
  const cameras = useCameraList(useHasAnyPermission(CAMERA_READERS));
  const data = settings.data;
  const byName = new Map((cameras.data ?? []).map((camera) => [camera.name, camera]));
  const rows: CameraFootageRow[] = (data?.cameras ?? []).map((stats) => {
    const camera = byName.get(stats.camera);
    return { stats, ownCap: camera?.recordingMaxSizeGB ?? null, hasSubStream: Boolean(camera?.videoConfig.subSource) };
  });
  return (
    <div className="flex flex-col gap-4" data-testid="settings-continuous">
      <QueryStatus query={settings} />
      {data ? (
        <>
          <ContinuousSettingsForm initial={data} canEdit={settings.canEdit} />
          <CameraFootageTable rows={rows} overall={data} canEdit={settings.canEditCameras} />
        </>
      ) : null}
    </div>
  );
}
