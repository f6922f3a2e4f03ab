import { useTranslation } from 'react-i18next';
import { maskSourceCredentials, type Camera } from '@homecam/shared';
import { StatusDot } from '../cameras/StatusDot';
import { Button } from '../ui/Button';
import { ActivityIcon, EditIcon, TrashIcon } from '../ui/icons';
import { EyeIcon } from '../ui/media-icons';

export interface CameraSettingsRowProps {
  camera: Camera;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the motion zones and detector settings. */
  onMotion: () => void;
}

/** A camera in the settings list: name, room, masked source, edit (or view) and remove. */
export function CameraSettingsRow({ camera, canEdit, onEdit, onDelete, onMotion }: CameraSettingsRowProps) {
  const { t } = useTranslation();
  return (
    <li data-testid={`camera-settings-row-${camera.name}`} className="flex flex-wrap items-center gap-3 py-3">
      <StatusDot camera={camera.name} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground">
          {camera.name}
          {camera.disable ? <span className="ml-2 text-xs font-normal text-foreground-muted">{t('cameras:settings.disabled')}</span> : null}
        </p>
        <p className="truncate text-xs text-foreground-muted">
          {camera.room} · <span className="font-mono">{maskSourceCredentials(camera.videoConfig.source)}</span>
        </p>
      </div>
      <div className="flex gap-1">
        {canEdit ? (
          <Button variant="ghost" size="icon" onClick={onMotion} aria-label={t('cameras:motion.open', { camera: camera.name })} data-testid={`camera-motion-${camera.name}`}>
            <ActivityIcon />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          onClick={onEdit}
          aria-label={canEdit ? t('cameras:settings.edit', { camera: camera.name }) : t('cameras:settings.view', { camera: camera.name })}
          data-testid={`camera-edit-${camera.name}`}
        >
          {canEdit ? <EditIcon /> : <EyeIcon />}
        </Button>
        {canEdit ? (
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('cameras:settings.delete', { camera: camera.name })} data-testid={`camera-delete-${camera.name}`}>
            <TrashIcon />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
