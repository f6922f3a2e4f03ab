import { useTranslation } from 'react-i18next';
import { CheckboxFieldset } from '../ui/CheckboxFieldset';

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
    <CheckboxFieldset
      legend={label}
      hint={hint}
      choices={options.map((channel) => ({ value: channel, label: t(`alerts:channels.${channel}`) }))}
      isTicked={(channel) => ticked.has(channel)}
      onToggle={toggle}
      disabled={disabled}
      testId={testId}
      listClassName="flex flex-wrap gap-x-5 gap-y-2"
    />
  );
}
