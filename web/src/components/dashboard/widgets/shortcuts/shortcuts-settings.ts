import { z } from 'zod';
import type { RouteKey } from '../../../../routing/route-table';

/** App pages a shortcut may point to (the pages without parameters a user opens from the sidebar). */
export const SHORTCUT_PAGES = [
  'cameras',
  'recordings',
  'notifications',
  'camview',
  'console',
  'config',
  'utilization',
  'plugins',
  'settings-account',
  'settings-interface',
  'settings-cameras',
  'settings-recordings',
  'settings-notifications',
  'settings-backup',
  'settings-system',
] as const satisfies readonly RouteKey[];

export const shortcutsSettingsSchema = z.object({
  pages: z.array(z.enum(SHORTCUT_PAGES)).max(SHORTCUT_PAGES.length),
  atHome: z.boolean(),
  reload: z.boolean(),
  signOut: z.boolean(),
  restart: z.boolean(),
});
export type ShortcutsSettings = z.infer<typeof shortcutsSettingsSchema>;

/**
 * At Home is off until chosen in the widget's settings: the switch reads /api/settings/at-home on every board
 * load, which only users who care about it should pay for (and an older server without the route answers 404).
 */
export const SHORTCUTS_DEFAULTS: ShortcutsSettings = {
  pages: ['cameras', 'recordings', 'notifications', 'camview'],
  atHome: false,
  reload: true,
  signOut: true,
  restart: true,
};
