import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_MAX_RANGE_MS } from '@homecam/shared';
import { useCreateExport } from '../../hooks/use-exports';
import { useToast } from '../../hooks/use-toast';
import { defaultExportName, exportIssue } from '../../lib/export-list';
import { formatSpan, fromLocalInput, toLocalInput } from '../../lib/time-format';
import type { TimeWindow } from '../../lib/timeline-scale';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';

export interface ExportFormProps {
  /** Cameras that can be exported (those on the timeline). */
  cameras: readonly string[];
  initialCameras: readonly string[];
  /** The range, also drawn and dragged on the timeline. */
  range: TimeWindow;
  onRange: (range: TimeWindow) => void;
  now: number;
  onDone: () => void;
}

/**
 * Export: the range (dragged on the timeline or typed to the second), the cameras, an optional name; starts one
 * background job per camera (progress in the export list).
 */
export function ExportForm({ cameras, initialCameras, range, onRange, now, onDone }: ExportFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateExport();
  const [chosen, setChosen] = useState<readonly string[]>(initialCameras);
  const [name, setName] = useState('');
  const selected = cameras.filter((camera) => chosen.includes(camera));
  const issue = exportIssue(range, selected, now, EXPORT_MAX_RANGE_MS);
  const setEdge = (edge: 'start' | 'end', value: string) => {
    const time = fromLocalInput(value);
    if (time !== null) onRange({ ...range, [edge]: time });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (issue) return;
    const request = { cameras: selected, from: Math.round(range.start), to: Math.round(Math.min(range.end, now)), name: name.trim() || defaultExportName(selected, range.start) };
    create.mutate(request, {
      onSuccess: (jobs) => {
        toast.success(t('history:export.started', { count: jobs.length }));
        onDone();
      },
      onError: toast.apiError,
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="export-form">
      <p className="text-sm text-foreground-muted">{t('history:export.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField type="datetime-local" step={1} label={t('history:export.from')} value={toLocalInput(range.start)} onChange={(e) => setEdge('start', e.target.value)} data-testid="export-from" />
        <TextField type="datetime-local" step={1} label={t('history:export.to')} value={toLocalInput(range.end)} onChange={(e) => setEdge('end', e.target.value)} data-testid="export-to" />
      </div>
      <p className="text-sm text-foreground" data-testid="export-length">
        {t('history:export.length', { length: formatSpan(range.end - range.start) })}
      </p>
      {cameras.length > 1 ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-medium text-foreground-muted">{t('history:export.cameras')}</legend>
          {cameras.map((camera) => (
            <Checkbox
              key={camera}
              label={camera}
              checked={chosen.includes(camera)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, camera] : chosen.filter((c) => c !== camera))}
              data-testid="export-camera"
            />
          ))}
        </fieldset>
      ) : null}
      <TextField label={t('history:export.name')} hint={t('history:export.nameHint')} placeholder={defaultExportName(selected, range.start)} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} data-testid="export-name" />
      {issue ? (
        <p className="text-sm text-danger" role="alert" data-testid="export-issue">
          {t(`history:export.issues.${issue}`)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} data-testid="export-cancel">
          {t('history:export.cancel')}
        </Button>
        <Button type="submit" disabled={issue !== null || create.isPending} data-testid="export-submit">
          {t('history:export.start')}
        </Button>
      </div>
    </form>
  );
}
