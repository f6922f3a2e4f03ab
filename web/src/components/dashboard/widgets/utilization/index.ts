import type { WidgetDefinition } from '../../widget-types';
import { UTILIZATION_WIDGET_DEFAULTS, utilizationWidgetSettingsSchema, type UtilizationWidgetSettings } from './settings';
import { UtilizationWidget } from './UtilizationWidget';
import { UtilizationWidgetSettingsForm } from './UtilizationWidgetSettings';

/** The dashboard's Utilization widget (admins): a small live CPU and/or memory chart of the last minutes. */
export const utilizationWidget: WidgetDefinition<UtilizationWidgetSettings> = {
  type: 'utilization',
  titleKey: 'utilization:widget.title',
  access: 'admin',
  size: { w: 4, h: 5, minW: 3, minH: 4 },
  fills: true,
  settingsSchema: utilizationWidgetSettingsSchema,
  defaults: UTILIZATION_WIDGET_DEFAULTS,
  Component: UtilizationWidget,
  SettingsForm: UtilizationWidgetSettingsForm,
};
