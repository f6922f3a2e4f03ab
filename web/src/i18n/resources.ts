import type { Resource } from 'i18next';

/**
 * Every translation is bundled (not fetched), so the first paint is already in the right language.
 * Layout: locales/<language>/<namespace>.json.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

export const NAMESPACES = [
  'common',
  'auth',
  'settings',
  'cameras',
  'events',
  'app',
  'dashboard',
  'widgets',
  'console',
  'editor',
  'utilization',
  'system',
  'plugins',
  'backup',
  'alerts-telegram',
  'alerts-webhook',
  'alerts-mqtt',
  'alerts',
  'homekit',
  'objects',
  'history',
  'access',
] as const;
export const DEFAULT_NAMESPACE = 'common';

export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language = '', namespace = ''] = match;
  resources[language] = { ...resources[language], [namespace]: content };
}
