import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select';
import type { WidgetSettingsProps } from '../widget-types';
import { LATEST_CHOICES, type LatestSettings } from './latest-count';

/** How many of the newest entries the widget lists. */
export function LatestCountForm({ settings, onChange }: WidgetSettingsProps<LatestSettings>) {
  const { t } = useTranslation('widgets');
  const choices = (LATEST_CHOICES as readonly number[]).includes(settings.count) ? LATEST_CHOICES : [...LATEST_CHOICES, settings.count].sort((a, b) => a - b);
  return (
    <Select
      label={t('widgets:latest.count')}
      value={String(settings.count)}
      options={choices.map((count) => ({ value: String(count), label: String(count) }))}
      onChange={(event) => onChange({ count: Number(event.target.value) })}
      data-testid="latest-count"
    />
  );
}
