import { useTranslation } from 'react-i18next';
import { Checkbox } from '../ui/Checkbox';

export interface AlertChannelsFieldProps {
  label: string;
  hint?: string;
  /** The ticked channels, comma-separated, in `options` order. */
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  disabled: boolean;
  testId: string;
}

/** Which alert channels fire for a camera: one box per channel (ticking them back restores the same value). */
export function AlertChannelsField({ label, hint, value, options, onChange, disabled, testId }: AlertChannelsFieldProps) {
  const { t } = useTranslation();
  const ticked = new Set(value.split(',').filter((item) => item !== ''));
  const toggle = (channel: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(channel);
    else next.delete(channel);
    onChange(options.filter((option) => next.has(option)).join(','));
  };
  return (
    <fieldset className="sm:col-span-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-foreground">{label}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((channel) => (
          <Checkbox
            key={channel}
            label={t(`alerts:channels.${channel}`)}
            checked={ticked.has(channel)}
            disabled={disabled}
            onChange={(event) => toggle(channel, event.target.checked)}
            className="min-h-10"
            data-testid={`${testId}-${channel}`}
          />
        ))}
      </div>
      {hint ? <p className="mt-1 text-xs text-foreground-muted">{hint}</p> : null}
    </fieldset>
  );
}
