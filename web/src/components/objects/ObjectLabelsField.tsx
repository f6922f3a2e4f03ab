import { DEFAULT_OBJECT_LABELS, OBJECT_LABEL_MAX, OBJECT_LABELS } from '@homecam/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { CheckboxFieldset } from '../ui/CheckboxFieldset';
import { TextField } from '../ui/TextField';
import { objectLabelName, splitLabels } from '../../lib/object-labels';

export interface ObjectLabelsFieldProps {
  label: string;
  hint?: string;
  /** The ticked labels, comma-separated. */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  testId: string;
}

/**
 * Which objects a camera's detector reports: the labels a home needs first, COCO's others on request, and labels
 * of an own model typed in. Ticked labels that are in neither list (an own model's) stay shown, so they can go.
 */
export function ObjectLabelsField({ label, hint, value, onChange, disabled, testId }: ObjectLabelsFieldProps) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const [own, setOwn] = useState('');
  const ticked = splitLabels(value);
  const shown = [...new Set([...DEFAULT_OBJECT_LABELS, ...ticked, ...(all ? OBJECT_LABELS : [])])];
  const toggle = (name: string, on: boolean) => onChange((on ? [...ticked, name] : ticked.filter((item) => item !== name)).join(','));
  const addOwn = () => {
    const name = own.trim().toLowerCase().slice(0, OBJECT_LABEL_MAX);
    if (name && !name.includes(',') && !ticked.includes(name)) onChange([...ticked, name].join(','));
    setOwn('');
  };
  return (
    <CheckboxFieldset
      legend={label}
      hint={hint}
      choices={shown.map((name) => ({ value: name, label: objectLabelName(t, name) }))}
      isTicked={(name) => ticked.includes(name)}
      onToggle={toggle}
      disabled={disabled}
      testId={testId}
      listClassName="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3"
    >
      <Button variant="ghost" size="sm" className="mt-1" onClick={() => setAll(!all)} aria-expanded={all} data-testid={`${testId}-all`}>
        {all ? t('cameras:objects.fewerLabels') : t('cameras:objects.allLabels', { count: OBJECT_LABELS.length })}
      </Button>
      <div className="mt-2 flex items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t('cameras:objects.ownLabel')}
          value={own}
          maxLength={OBJECT_LABEL_MAX}
          onChange={(event) => setOwn(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            addOwn();
          }}
          disabled={disabled}
          autoComplete="off"
          data-testid={`${testId}-own`}
        />
        <Button variant="secondary" onClick={addOwn} disabled={disabled || own.trim() === ''} data-testid={`${testId}-add`}>
          {t('cameras:objects.addLabel')}
        </Button>
      </div>
    </CheckboxFieldset>
  );
}
