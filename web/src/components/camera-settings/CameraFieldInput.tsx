import { useTranslation } from 'react-i18next';
import { Checkbox } from '../ui/Checkbox';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import type { FieldDef } from './camera-fields';
import type { FieldMessage } from './camera-form';
import { SourceField } from './SourceField';
import { AlertChannelsField } from './AlertChannelsField';
import { ObjectLabelsField } from '../objects/ObjectLabelsField';
import { ObjectZonesField } from '../objects/ObjectZonesField';

export interface CameraFieldInputProps {
  field: FieldDef;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  error?: FieldMessage;
  rooms: readonly string[];
  disabled: boolean;
  /** Admin: sources arrive unmasked and are revealed on request. */
  revealSources: boolean;
  /** Admin-only fields (the webhook URL) are read-only for everyone else. */
  isAdmin?: boolean;
  /** For the object zones: the labels ticked now (comma-separated) and how many motion zones the camera has. */
  objects?: { labels: string; zoneCount: number };
}

/** One field of the camera form, drawn by its kind. */
export function CameraFieldInput({ field, value, onChange, error, rooms, disabled: formDisabled, revealSources, isAdmin = false, objects }: CameraFieldInputProps) {
  const { t } = useTranslation();
  const label = t(field.label);
  const disabled = formDisabled || (field.adminOnly === true && !isAdmin);
  const hint = field.hint ? t(field.hint) : undefined;
  const message = error ? t(error.key, error.values) : null;
  const testId = `camera-field-${field.path}`;

  switch (field.kind) {
    case 'bool':
      return (
        <Checkbox label={label} checked={value === true} onChange={(event) => onChange(event.target.checked)} disabled={disabled} className="min-h-10" data-testid={testId} />
      );
    case 'select':
    case 'room': {
      const choices = field.kind === 'room' ? rooms : (field.options ?? []);
      const current = String(value);
      const options = (choices.includes(current) || current === '' ? choices : [current, ...choices]).map((option) => ({ value: option, label: option }));
      return <Select label={label} value={current} onChange={(event) => onChange(event.target.value)} options={options} disabled={disabled} data-testid={testId} />;
    }
    case 'source':
      return (
        <SourceField
          label={label}
          value={String(value)}
          onChange={onChange}
          error={message}
          revealable={revealSources}
          disabled={disabled}
          required={field.required}
          testId={testId}
          hint={hint}
        />
      );
    case 'auto': {
      const options = (['', 'on', 'off'] as const).map((option) => ({ value: option, label: t(`cameras:objects.active.${option || 'auto'}`) }));
      return <Select label={label} value={String(value)} onChange={(event) => onChange(event.target.value)} options={options} disabled={disabled} data-testid={testId} />;
    }
    case 'labels':
      return <ObjectLabelsField label={label} hint={hint} value={String(value)} onChange={onChange} disabled={disabled} testId={testId} />;
    case 'zones':
      return (
        <ObjectZonesField label={label} hint={hint} value={String(value)} labels={objects?.labels ?? ''} zoneCount={objects?.zoneCount ?? 0} onChange={onChange} disabled={disabled} testId={testId} />
      );
    case 'channels':
      return <AlertChannelsField label={label} hint={hint} value={String(value)} options={field.options ?? []} onChange={onChange} disabled={disabled} testId={testId} />;
    case 'int':
    case 'decimal':
    case 'text':
    case 'list':
      return (
        <TextField
          label={field.required ? `${label} *` : label}
          value={String(value)}
          onChange={(event) => onChange(event.target.value)}
          inputMode={field.kind === 'int' ? 'numeric' : field.kind === 'decimal' ? 'decimal' : undefined}
          error={message}
          hint={field.adminOnly && !isAdmin ? t('alerts:camera.adminOnly') : hint}
          disabled={disabled}
          autoComplete="off"
          data-testid={testId}
        />
      );
  }
}
