import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { continuousSettingsPatchSchema, RETENTION_TIERS, type ContinuousSettings, type RetentionTier } from '@homecam/shared';
import { numberField, numberRule, optionalNumberField, rangeOf } from '../../forms/field-validation';
import { useUpdateContinuousSettings } from '../../hooks/use-continuous-settings';
import { useToast } from '../../hooks/use-toast';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';

const fields = continuousSettingsPatchSchema.shape;
const retainFields = fields.retain.unwrap().shape;
const text = (value: number | null) => (value === null ? '' : String(value));

/** Days per tier, segment length and the caps, each checked by the shared patch schema as typed. */
function useContinuousForm(initial: ContinuousSettings) {
  const [segment, setSegment] = useState(String(initial.segmentSeconds));
  const [retain, setRetain] = useState<Record<RetentionTier, string>>({ all: String(initial.retain.all), motion: String(initial.retain.motion), events: String(initial.retain.events) });
  const [maxSize, setMaxSize] = useState(text(initial.maxSizeGB));
  const [cameraMax, setCameraMax] = useState(text(initial.cameraMaxSizeGB));
  const values = {
    segmentSeconds: numberField(fields.segmentSeconds.unwrap(), segment),
    retain: Object.fromEntries(RETENTION_TIERS.map((tier) => [tier, numberField(retainFields[tier].unwrap(), retain[tier])])) as Record<RetentionTier, number | null>,
    maxSizeGB: optionalNumberField(fields.maxSizeGB.unwrap().unwrap(), maxSize),
    cameraMaxSizeGB: optionalNumberField(fields.cameraMaxSizeGB.unwrap().unwrap(), cameraMax),
  };
  const valid = values.segmentSeconds !== null && RETENTION_TIERS.every((tier) => values.retain[tier] !== null) && values.maxSizeGB !== null && values.cameraMaxSizeGB !== null;
  return { segment, setSegment, retain, setRetain, maxSize, setMaxSize, cameraMax, setCameraMax, values, valid };
}

/** Settings → Recordings, 24/7 recording: days kept per tier, segment length, the overall and per-camera caps. */
export function ContinuousSettingsForm({ initial, canEdit }: { initial: ContinuousSettings; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useUpdateContinuousSettings();
  const form = useContinuousForm(initial);
  const { values } = form;
  const invalid = (value: number | null | undefined, schema: Parameters<typeof numberRule>[1]) => (value === null ? numberRule(t, schema, i18n.language) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || !canEdit) return;
    save.mutate(
      {
        segmentSeconds: values.segmentSeconds ?? undefined,
        retain: { all: values.retain.all ?? undefined, motion: values.retain.motion ?? undefined, events: values.retain.events ?? undefined },
        maxSizeGB: values.maxSizeGB ?? null,
        cameraMaxSizeGB: values.cameraMaxSizeGB ?? null,
      },
      { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError },
    );
  }

  return (
    <form onSubmit={submit} data-testid="settings-continuous-form">
      <Card title={t('history:settings.title')} description={t('history:settings.hint')}>
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            {RETENTION_TIERS.map((tier) => (
              <TextField
                key={tier}
                type="number"
                readOnly={!canEdit}
                label={t(`history:settings.retain.${tier}`)}
                value={form.retain[tier]}
                {...rangeOf(retainFields[tier])}
                error={invalid(values.retain[tier], retainFields[tier])}
                onChange={(e) => form.setRetain({ ...form.retain, [tier]: e.target.value })}
                data-testid={`settings-continuous-retain-${tier}`}
              />
            ))}
          </div>
          <p className="text-xs text-foreground-muted">{t('history:settings.tiersHint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField type="number" readOnly={!canEdit} label={t('history:settings.maxSize')} hint={t('events:settings.optional')} step="any" value={form.maxSize} {...rangeOf(fields.maxSizeGB)} error={invalid(values.maxSizeGB, fields.maxSizeGB)} onChange={(e) => form.setMaxSize(e.target.value)} data-testid="settings-continuous-max-size" />
            <TextField type="number" readOnly={!canEdit} label={t('history:settings.cameraMaxSize')} hint={t('events:settings.optional')} step="any" value={form.cameraMax} {...rangeOf(fields.cameraMaxSizeGB)} error={invalid(values.cameraMaxSizeGB, fields.cameraMaxSizeGB)} onChange={(e) => form.setCameraMax(e.target.value)} data-testid="settings-continuous-camera-max-size" />
            <TextField type="number" readOnly={!canEdit} label={t('history:settings.segmentSeconds')} value={form.segment} {...rangeOf(fields.segmentSeconds)} error={invalid(values.segmentSeconds, fields.segmentSeconds)} onChange={(e) => form.setSegment(e.target.value)} data-testid="settings-continuous-segment" />
          </div>
          <p className="text-xs text-foreground-muted">{t('history:settings.minFreeHint')}</p>
          {canEdit ? (
            <div className="flex justify-end">
              <Button type="submit" disabled={!form.valid || save.isPending} data-testid="settings-continuous-submit">
                {t('events:settings.save')}
              </Button>
            </div>
          ) : null}
        </div>
      </Card>
    </form>
  );
}
