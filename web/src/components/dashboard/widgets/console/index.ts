import { consoleWidgetSettingsSchema, type ConsoleWidgetSettings } from '@homecam/shared';
import type { WidgetDefinition } from '../../widget-types';
import { ConsoleWidget } from './ConsoleWidget';
import { ConsoleWidgetSettingsForm } from './ConsoleWidgetSettingsForm';

/** The dashboard's Console widget (admins only): the newest server log lines, live. */
export const consoleWidget: WidgetDefinition<ConsoleWidgetSettings> = {
  type: 'console',
  titleKey: 'console:widget.title',
  access: 'admin',
  size: { w: 6, h: 4, minW: 3, minH: 3 },
  fills: true,
  settingsSchema: consoleWidgetSettingsSchema,
  defaults: { lines: 20, minLevel: 'info' },
  Component: ConsoleWidget,
  SettingsForm: ConsoleWidgetSettingsForm,
};
