import { rssWidgetSettingsSchema, type RssWidgetSettings } from '@homecam/shared';
import type { WidgetDefinition } from '../../widget-types';
import { RssSettingsForm } from './RssSettingsForm';
import { RssWidget } from './RssWidget';

/** An RSS/Atom feed's newest items (issue 8); every dashboard user may add it. */
export const rssWidget: WidgetDefinition<RssWidgetSettings> = {
  type: 'rss',
  titleKey: 'widgets:rss.title',
  size: { w: 4, h: 4, minW: 2, minH: 2 },
  settingsSchema: rssWidgetSettingsSchema,
  defaults: { url: '', limit: 5 },
  Component: RssWidget,
  SettingsForm: RssSettingsForm,
};
