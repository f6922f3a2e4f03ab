import type { WidgetDefinition } from '../../widget-types';
import { SHORTCUTS_DEFAULTS, shortcutsSettingsSchema, type ShortcutsSettings } from './shortcuts-settings';
import { ShortcutsSettingsForm } from './ShortcutsSettingsForm';
import { ShortcutsWidget } from './ShortcutsWidget';

export const shortcutsWidget: WidgetDefinition<ShortcutsSettings> = {
  type: 'shortcuts',
  titleKey: 'widgets:shortcuts.title',
  size: { w: 4, h: 4, minW: 2, minH: 3 },
  settingsSchema: shortcutsSettingsSchema,
  defaults: SHORTCUTS_DEFAULTS,
  Component: ShortcutsWidget,
  SettingsForm: ShortcutsSettingsForm,
};
