import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../hooks/describe-error';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import { usePtzPresets } from '../../hooks/use-ptz-presets';
import { useToast } from '../../hooks/use-toast';
import { Button } from '../ui/Button';
import { TrashIcon } from '../ui/icons';
import { TextField } from '../ui/TextField';

/** The camera's presets: go to one, or home; with the camera edit right, save the current view or remove one. */
export function PtzPresets({ camera }: { camera: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const canEdit = useHasAllPermissions(['settings:cameras:edit']);
  const [name, setName] = useState('');
  const { list: presets, goto, home, remove, save } = usePtzPresets(camera, (saved) => {
    setName('');
    toast.success(t('cameras:ptz.saved', { preset: saved }));
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) save.mutate(name.trim());
  };

  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="ptz-presets">
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="secondary" onClick={() => home.mutate()} data-testid="ptz-home">
          {t('cameras:ptz.home')}
        </Button>
        {presets.data?.map((preset) => (
          <span key={preset.token} className="inline-flex items-center rounded-lg border border-border" data-testid="ptz-preset">
            <button type="button" className="h-8 px-3 text-sm hover:bg-muted" onClick={() => goto.mutate(preset.token)} data-testid="ptz-preset-goto">
              {preset.name}
            </button>
            {canEdit ? (
              <button
                type="button"
                className="h-8 px-2 text-foreground-muted hover:text-danger"
                aria-label={t('cameras:ptz.remove', { preset: preset.name })}
                title={t('cameras:ptz.remove', { preset: preset.name })}
                onClick={() => remove.mutate(preset.token)}
                data-testid="ptz-preset-remove"
              >
                <TrashIcon width={14} height={14} />
              </button>
            ) : null}
          </span>
        ))}
      </div>
      {presets.error ? <p className="text-sm text-danger" role="alert">{describeError(t, presets.error)}</p> : null}
      {canEdit ? (
        <form className="flex items-end gap-2" onSubmit={submit} noValidate>
          <TextField label={t('cameras:ptz.presetName')} value={name} maxLength={64} onChange={(event) => setName(event.target.value)} className="min-w-0 flex-1" data-testid="ptz-preset-name" />
          <Button type="submit" size="sm" className="mb-5" disabled={!name.trim() || save.isPending} data-testid="ptz-preset-save">
            {t('cameras:ptz.save')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
