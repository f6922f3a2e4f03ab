import { CONSOLE_WIDGET_LINES, LOG_ENTRY_LEVELS, type ConsoleWidgetSettings, type LogEntryLevel } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/Select';
import type { WidgetSettingsProps } from '../../widget-types';

export function ConsoleWidgetSettingsForm({ settings, onChange }: WidgetSettingsProps<ConsoleWidgetSettings>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <Select
        label={t('console:widget.lines')}
        options={CONSOLE_WIDGET_LINES.map((n) => ({ value: String(n), label: String(n) }))}
        value={String(settings.lines)}
        onChange={(event) => {
          const lines = CONSOLE_WIDGET_LINES.find((n) => String(n) === event.target.value);
          if (lines) onChange({ ...settings, lines });
        }}
        data-testid="console-widget-lines"
      />
      <Select
        label={t('console:widget.minLevel')}
        options={LOG_ENTRY_LEVELS.map((level) => ({ value: level, label: t(`console:levels.${level}`) }))}
        value={settings.minLevel}
        onChange={(event) => onChange({ ...settings, minLevel: event.target.value as LogEntryLevel })}
        data-testid="console-widget-level"
      />
    </div>
  );
}
