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

/** The At Home switch shows only for users who may change it (settings:general:edit), so the default can offer it. */
export const SHORTCUTS_DEFAULTS: ShortcutsSettings = {
  pages: ['cameras', 'recordings', 'notifications', 'camview'],
  atHome: true,
  reload: true,
  signOut: true,
  restart: true,
};
