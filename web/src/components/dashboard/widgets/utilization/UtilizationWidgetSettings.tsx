import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/Select';
import type { WidgetSettingsProps } from '../../widget-types';
import { UTILIZATION_WIDGET_MINUTES, UTILIZATION_WIDGET_SERIES, utilizationWidgetSettingsSchema, type UtilizationWidgetSettings } from './settings';

export function UtilizationWidgetSettingsForm({ settings, onChange }: WidgetSettingsProps<UtilizationWidgetSettings>) {
  const { t } = useTranslation();
  const update = (patch: Partial<UtilizationWidgetSettings>) => {
    const next = utilizationWidgetSettingsSchema.safeParse({ ...settings, ...patch });
    if (next.success) onChange(next.data);
  };
  return (
    <div className="flex flex-col gap-4">
      <Select
        label={t('utilization:widget.series')}
        value={settings.series}
        options={UTILIZATION_WIDGET_SERIES.map((value) => ({ value, label: t(`utilization:widget.${value}`) }))}
        onChange={(event) => update({ series: event.target.value as UtilizationWidgetSettings['series'] })}
        data-testid="utilization-widget-series"
      />
      <Select
        label={t('utilization:widget.minutes')}
        value={String(settings.minutes)}
        options={UTILIZATION_WIDGET_MINUTES.map((value) => ({ value: String(value), label: t('utilization:widget.minutesValue', { count: value }) }))}
        onChange={(event) => update({ minutes: Number(event.target.value) as UtilizationWidgetSettings['minutes'] })}
        data-testid="utilization-widget-minutes"
      />
    </div>
  );
}
