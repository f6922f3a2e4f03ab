import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { useCameraList } from '../../hooks/use-cameras';
import { useHasAnyPermission } from '../../hooks/use-permissions';
import { useAtHome, useUpdateAtHome } from '../../hooks/use-system';
import { useToast } from '../../hooks/use-toast';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * At Home: motion of every camera is ignored except the excluded ones. The System page shows the switch, the
 * Interface settings also the exclude list; each change is saved at once (settings:general:edit), read-only otherwise.
 */
export function AtHomeCard({ withExclude = false, className }: { withExclude?: boolean; className?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const atHome = useAtHome();
  const save = useUpdateAtHome();
  const disabled = !atHome.canEdit || save.isPending;
  const settings = atHome.data;
  const onError = toast.apiError;

  function toggleExclude(name: string, on: boolean) {
    if (!settings) return;
    const rest = settings.exclude.filter((other) => !sameName(other, name));
    save.mutate({ exclude: on ? [...rest, name] : rest }, { onError });
  }

  return (
    <Card title={t('system:atHome.title')} description={t('system:atHome.hint')} className={className}>
      <QueryStatus query={atHome} />
      {settings ? (
        <div className="flex flex-col gap-4">
          <Checkbox
            label={t('system:atHome.switch')}
            checked={settings.atHome}
            disabled={disabled}
            onChange={(event) => save.mutate({ atHome: event.target.checked }, { onError })}
            data-testid="at-home-switch"
          />
          {withExclude ? <ExcludeList exclude={settings.exclude} disabled={disabled} onToggle={toggleExclude} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

function ExcludeList({ exclude, disabled, onToggle }: { exclude: string[]; disabled: boolean; onToggle: (name: string, on: boolean) => void }) {
  const { t } = useTranslation();
  // Without a camera permission the list cannot be read: the names already excluded are all there is to show.
  const canList = useHasAnyPermission(['cameras:access', 'settings:cameras:access', 'settings:cameras:edit']);
  const cameras = useCameraList(canList);
  const names = canList ? (cameras.data?.map((camera) => camera.name) ?? []) : exclude;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="at-home-exclude">
      <legend className="mb-1 text-sm font-medium text-foreground-muted">{t('system:atHome.exclude')}</legend>
      {canList ? <QueryStatus query={cameras} /> : null}
      {names.length === 0 && (!canList || cameras.data) ? <p className="text-sm text-foreground-muted">{t('system:atHome.noCameras')}</p> : null}
      {names.map((camera) => (
        <Checkbox
          key={camera}
          label={camera}
          checked={exclude.some((name) => sameName(name, camera))}
          disabled={disabled}
          onChange={(event) => onToggle(camera, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
