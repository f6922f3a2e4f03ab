import { uiConfigSchema, type UiConfig } from '@homecam/shared';
import { apiRequest } from './http-client';

export function getUiConfig(): Promise<UiConfig> {
  return apiRequest('/config/ui', { schema: uiConfigSchema });
}
