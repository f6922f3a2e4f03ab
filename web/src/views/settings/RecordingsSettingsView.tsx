import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recordingSettingsPatchSchema, type RecordingSettings } from '@homecam/shared';
import { ApiError } from '../../lib/api-error';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { DiskUse } from '../../components/settings/DiskUse';
import { ReadOnlyNote } from '../../components/settings/ReadOnlyNote';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { TextField } from '../../components/ui/TextField';
import { fieldIssue, numberField, numberRule, optionalNumberField, rangeOf } from '../../forms/field-validation';
import { describeValidation } from '../../hooks/describe-error';
import { useRecordingSettings, useUpdateRecordingSettings } from '../../hooks/use-event-settings';
import { useToast } from '../../hooks/use-toast';
import { ContinuousSettingsSection } from './ContinuousSettingsSection';

const fields = recordingSettingsPatchSchema.shape;

/** The server's message for one field of a VALIDATION_FAILED answer, translated; null otherwise. */
function fieldError(t: ReturnType<typeof useTranslation>['t'], error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const issue = error.validationIssues.find((i) => i.path === field);
  return issue ? describeValidation(t, issue.message) : null;
}

/** The form's fields as typed, each checked by the shared patch schema, and the save. */
function useRecordingsForm(initial: RecordingSettings, readOnly: boolean) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useUpdateRecordingSettings();
  const [active, setActive] = useState(initial.active);
  const [path, setPath] = useState(initial.path);
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const [maxSize, setMaxSize] = useState(initial.maxSizeGB === null ? '' : String(initial.maxSizeGB));
  const [minFree, setMinFree] = useState(initial.minFreeGB === null ? '' : String(initial.minFreeGB));
  const days = numberField(fields.removeAfter, removeAfter);
  const max = optionalNumberField(fields.maxSizeGB, maxSize);
  const free = optionalNumberField(fields.minFreeGB, minFree);
  const pathIssue = fieldIssue(fields.path, path);
  const valid = days !== null && max !== null && free !== null && pathIssue === null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || readOnly) return;
    save.mutate(
      { active, path: path.trim(), removeAfter: days, maxSizeGB: max ?? null, minFreeGB: free ?? null },
      { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError },
    );
  }

  const invalid = (value: number | null | undefined, schema: Parameters<typeof numberRule>[1]) => (value === null ? numberRule(t, schema, i18n.language) : null);
  return {
    save,
    valid,
    submit,
    active: { checked: active, onChange: setActive },
    path: { value: path, onChange: setPath, error: pathIssue ? t(pathIssue) : fieldError(t, save.error, 'path') },
    removeAfter: { value: removeAfter, onChange: setRemoveAfter, error: invalid(days, fields.removeAfter) },
    maxSize: { value: maxSize, onChange: setMaxSize, error: invalid(max, fields.maxSizeGB) },
    minFree: { value: minFree, onChange: setMinFree, error: invalid(free, fields.minFreeGB) },
  };
}

/** Recording type and timer are set in config.json only (spec §5): shown, never editable here. */
function FileOnlyCard({ initial }: { initial: RecordingSettings }) {
  const { t } = useTranslation();
  return (
    <Card title={t('events:settings.fileOnlyTitle')} description={t('events:settings.fileOnlyHint')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('events:settings.type')} value={t(`events:recordingTypes.${initial.type}`)} readOnly disabled data-testid="settings-recordings-type" />
        <TextField label={t('events:settings.timer')} value={String(initial.timer)} readOnly disabled data-testid="settings-recordings-timer" />
      </div>
    </Card>
  );
}

function RecordingsForm({ initial, canEdit, canMovePath }: { initial: RecordingSettings; canEdit: boolean; canMovePath: boolean }) {
  const { t } = useTranslation();
  const readOnly = !canEdit;
  const form = useRecordingsForm(initial, readOnly);
  const { active, path, removeAfter, maxSize, minFree } = form;

  return (
    <form onSubmit={form.submit} className="flex flex-col gap-4" data-testid="settings-recordings-form">
      {readOnly ? <ReadOnlyNote /> : null}
      <Card title={t('events:settings.recordingsTitle')} description={t('events:settings.recordingsHint')}>
        <div className="flex flex-col gap-4">
          <Checkbox
            label={t('events:settings.recordingsActive')}
            checked={active.checked}
            disabled={readOnly}
            onChange={(e) => active.onChange(e.target.checked)}
            data-testid="settings-recordings-active"
          />
          <TextField
            label={t('events:settings.path')}
            hint={t(canMovePath ? 'events:settings.pathHint' : 'events:settings.pathAdminOnly')}
            value={path.value}
            readOnly={readOnly || !canMovePath}
            error={path.error}
            onChange={(e) => path.onChange(e.target.value)}
            data-testid="settings-recordings-path"
          />
          <TextField
            type="number"
            readOnly={readOnly}
            label={t('events:settings.removeAfterDays')}
            value={removeAfter.value}
            {...rangeOf(fields.removeAfter)}
            error={removeAfter.error}
            onChange={(e) => removeAfter.onChange(e.target.value)}
            data-testid="settings-recordings-remove-after"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                [maxSize, fields.maxSizeGB, t('events:settings.maxSize'), 'settings-recordings-max-size'],
                [minFree, fields.minFreeGB, t('events:settings.minFree'), 'settings-recordings-min-free'],
              ] as const
            ).map(([field, schema, label, testId]) => (
              <TextField
                key={testId}
                type="number"
                step="any"
                readOnly={readOnly}
                label={label}
                hint={t('events:settings.optional')}
                value={field.value}
                {...rangeOf(schema)}
                error={field.error}
                onChange={(e) => field.onChange(e.target.value)}
                data-testid={testId}
              />
            ))}
          </div>
        </div>
      </Card>
      <DiskUse disk={initial.disk} />
      <FileOnlyCard initial={initial} />
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={!form.valid || form.save.isPending} data-testid="settings-recordings-submit">
            {t('events:settings.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** /settings/recordings: editable with settings:recordings:edit (or admin), read-only with settings:recordings:access. */
export function RecordingsSettingsView() {
  const { t } = useTranslation();
  const settings = useRecordingSettings();
  return (
    <>
      <PageTitle>{t('routes.settingsRecordings')}</PageTitle>
      <QueryStatus query={settings} />
      {settings.data ? <RecordingsForm initial={settings.data} canEdit={settings.canEdit} canMovePath={settings.canMovePath} /> : null}
      <div className="mt-4">
        <ContinuousSettingsSection />
      </div>
    </>
  );
}
