import { weatherWidgetSettingsSchema, type WeatherWidgetSettings } from '@homecam/shared';
import type { WidgetDefinition } from '../../widget-types';
import { WeatherSettingsForm } from './WeatherSettingsForm';
import { WeatherWidget } from './WeatherWidget';

/** Weather at a chosen place (issue 8); every dashboard user may add it. */
export const weatherWidget: WidgetDefinition<WeatherWidgetSettings> = {
  type: 'weather',
  titleKey: 'widgets:weather.title',
  size: { w: 4, h: 3, minW: 2, minH: 2 },
  settingsSchema: weatherWidgetSettingsSchema,
  defaults: { place: null, units: 'metric' },
  Component: WeatherWidget,
  SettingsForm: WeatherSettingsForm,
};
