import type { WidgetDefinition } from '../../widget-types';
import { LATEST_DEFAULTS, latestSettingsSchema, type LatestSettings } from '../latest-count';
import { LatestCountForm } from '../LatestCountForm';
import { RecordingsWidget } from './RecordingsWidget';

export const recordingsWidget: WidgetDefinition<LatestSettings> = {
  type: 'recordings',
  titleKey: 'widgets:recordings.title',
  access: ['recordings:access'],
  size: { w: 4, h: 8, minW: 3, minH: 4 },
  settingsSchema: latestSettingsSchema,
  defaults: LATEST_DEFAULTS,
  Component: RecordingsWidget,
  SettingsForm: LatestCountForm,
};
