import type { WidgetDefinition } from '../../widget-types';
import { LATEST_DEFAULTS, latestSettingsSchema, type LatestSettings } from '../latest-count';
import { LatestCountForm } from '../LatestCountForm';
import { NotificationsWidget } from './NotificationsWidget';

export const notificationsWidget: WidgetDefinition<LatestSettings> = {
  type: 'notifications',
  titleKey: 'widgets:notifications.title',
  access: ['notifications:access'],
  size: { w: 4, h: 8, minW: 3, minH: 4 },
  settingsSchema: latestSettingsSchema,
  defaults: LATEST_DEFAULTS,
  Component: NotificationsWidget,
  SettingsForm: LatestCountForm,
};
