import { useTranslation } from 'react-i18next';
import { Checkbox } from '../ui/Checkbox';
import { objectLabelName, parseZones, splitLabels, zonesToForm } from '../../lib/object-labels';

export interface ObjectZonesFieldProps {
  label: string;
  hint?: string;
  /** Zones per label, as JSON ({ "person": [0, 2] }). */
  value: string;
  /** The camera's labels now (comma-separated): one row each. */
  labels: string;
  /** How many motion zones the camera has (videoanalysis.regions). */
  zoneCount: number;
  onChange: (value: string) => void;
  disabled: boolean;
  testId: string;
}

/**
 * Where each label counts: per label, the motion zones its object must stand in (the bottom centre of its box).
 * No zone ticked: anywhere in the picture. Zones are drawn in the camera's motion zone editor.
 */
export function ObjectZonesField({ label, hint, value, labels, zoneCount, onChange, disabled, testId }: ObjectZonesFieldProps) {
  const { t } = useTranslation();
  const zones = parseZones(value);
  const names = splitLabels(labels);
  const toggle = (name: string, zone: number, on: boolean) => {
    const current = zones[name] ?? [];
    onChange(zonesToForm({ ...zones, [name]: on ? [...current, zone] : current.filter((item) => item !== zone) }));
  };
  return (
    <fieldset className="sm:col-span-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-foreground">{label}</legend>
      {zoneCount === 0 || names.length === 0 ? (
        <p className="text-sm text-foreground-muted">{t(zoneCount === 0 ? 'cameras:objects.noZones' : 'cameras:objects.noLabels')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {names.map((name) => (
            <li key={name} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-4" data-testid={`${testId}-${name.replaceAll(' ', '-')}`}>
              <span className="min-w-32 text-sm text-foreground">
                {objectLabelName(t, name)}
                <span className="ml-2 text-xs text-foreground-muted">{(zones[name]?.length ?? 0) === 0 ? t('cameras:objects.anywhere') : null}</span>
              </span>
              <span className="flex flex-wrap gap-x-4">
                {Array.from({ length: zoneCount }, (_, zone) => (
                  <Checkbox
                    key={zone}
                    label={t('cameras:objects.zone', { number: zone + 1 })}
                    checked={zones[name]?.includes(zone) ?? false}
                    disabled={disabled}
                    onChange={(event) => toggle(name, zone, event.target.checked)}
                    className="min-h-10"
                    data-testid={`${testId}-${name.replaceAll(' ', '-')}-${zone}`}
                  />
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {hint ? <p className="mt-1 text-xs text-foreground-muted">{hint}</p> : null}
    </fieldset>
  );
}
