import type { WidgetDefinition } from '../../widget-types';
import { TIME_DEFAULTS, timeSettingsSchema, type TimeSettings } from './time-format';
import { TimeSettingsForm, TimeWidget } from './TimeWidget';

export const timeWidget: WidgetDefinition<TimeSettings> = {
  type: 'time',
  titleKey: 'widgets:time.title',
  size: { w: 4, h: 4, minW: 2, minH: 3 },
  fills: true,
  settingsSchema: timeSettingsSchema,
  defaults: TIME_DEFAULTS,
  Component: TimeWidget,
  SettingsForm: TimeSettingsForm,
};
