import { configFileSchema, uiConfigSchema, type ConfigFile, type UiConfig } from '@homecam/shared';
import { apiRequest, type ResponseSchema } from './http-client';

export function getUiConfig(): Promise<UiConfig> {
  return apiRequest('/config/ui', { schema: uiConfigSchema });
}

/** config.json's `recordings` block (HomeCam addition; admin-only routes). */
export type RecordingsSettings = ConfigFile['recordings'];
/** config.json's `notifications` block. */
export type NotificationsSettings = ConfigFile['notifications'];

export interface ConfigSections {
  recordings: RecordingsSettings;
  notifications: NotificationsSettings;
}

const sectionSchemas = { recordings: configFileSchema.shape.recordings, notifications: configFileSchema.shape.notifications };

/** GET /api/config/:section (admin). */
export function getConfigSection<K extends keyof ConfigSections>(section: K): Promise<ConfigSections[K]> {
  return apiRequest(`/config/${section}`, { schema: sectionSchemas[section] as ResponseSchema<ConfigSections[K]> });
}

/** PATCH /api/config/:section (admin): replaces the whole block; the answer is the whole file. */
export async function updateConfigSection<K extends keyof ConfigSections>(section: K, value: ConfigSections[K]): Promise<ConfigSections[K]> {
  const file = await apiRequest(`/config/${section}`, { method: 'PATCH', json: value, schema: configFileSchema });
  return file[section];
}
