import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCameraList } from '../../../../hooks/use-cameras';
import { SnapshotImage } from '../../../cameras/SnapshotImage';
import { CameraLive } from '../../../cameras/CameraLive';
import { Select } from '../../../ui/Select';
import { Spinner } from '../../../ui/Spinner';
import type { WidgetProps, WidgetSettingsProps } from '../../widget-types';
import { WidgetError } from '../../WidgetError';
import type { CameraWidgetSettings } from './camera-settings';

/** Camera widget: one camera live or as a snapshot refreshed on a timer; a click on the name opens its page. */
export function CameraWidget({ settings }: WidgetProps<CameraWidgetSettings>) {
  const { t } = useTranslation(['widgets', 'common']);
  const cameras = useCameraList();
  if (cameras.isPending) return <Spinner label={t('common:layout.loading')} />;
  if (cameras.isError) return <WidgetError error={cameras.error} onRetry={() => void cameras.refetch()} />;
  const name = settings.camera || cameras.data[0]?.name;
  if (!name) return <p className="text-sm text-foreground-muted">{t('widgets:camera.none')}</p>;
  if (!cameras.data.some((camera) => camera.name === name)) return <WidgetError message={t('widgets:camera.missing', { camera: name })} />;
  return (
    <div className="flex h-full flex-col gap-1" data-testid="camera-widget" data-camera={name}>
      <div className="min-h-0 flex-1 overflow-hidden rounded-lg">
        {settings.mode === 'live' ? (
          <CameraLive key={name} camera={name} compact className="h-full w-full" />
        ) : (
          <SnapshotImage camera={name} intervalSeconds={settings.refreshSeconds} width={640} className="h-full w-full" />
        )}
      </div>
      <Link to={`/cameras/${encodeURIComponent(name)}`} className="truncate text-xs text-foreground-muted hover:underline">
        {name}
      </Link>
    </div>
  );
}

/** Snapshot refresh choices (seconds); a stored value outside them is still offered. */
const BASE_CHOICES = [5, 10, 30, 60, 300];

export function CameraSettingsForm({ settings, onChange }: WidgetSettingsProps<CameraWidgetSettings>) {
  const { t } = useTranslation('widgets');
  const cameras = useCameraList();
  const refreshChoices = BASE_CHOICES.includes(settings.refreshSeconds) ? BASE_CHOICES : [...BASE_CHOICES, settings.refreshSeconds].sort((a, b) => a - b);
  const options = [{ value: '', label: t('widgets:camera.first') }, ...(cameras.data ?? []).map((camera) => ({ value: camera.name, label: camera.name }))];
  return (
    <div className="flex flex-col gap-3">
      <Select label={t('widgets:camera.camera')} value={settings.camera} options={options} onChange={(event) => onChange({ ...settings, camera: event.target.value })} data-testid="camera-widget-camera" />
      <Select
        label={t('widgets:camera.mode')}
        value={settings.mode}
        options={[
          { value: 'snapshot', label: t('widgets:camera.snapshot') },
          { value: 'live', label: t('widgets:camera.live') },
        ]}
        onChange={(event) => onChange({ ...settings, mode: event.target.value === 'live' ? 'live' : 'snapshot' })}
        data-testid="camera-widget-mode"
      />
      {settings.mode === 'snapshot' ? (
        <Select
          label={t('widgets:camera.refresh')}
          value={String(settings.refreshSeconds)}
          options={refreshChoices.map((seconds) => ({ value: String(seconds), label: t('widgets:camera.seconds', { value: seconds }) }))}
          onChange={(event) => onChange({ ...settings, refreshSeconds: Number(event.target.value) })}
        />
      ) : null}
    </div>
  );
}
