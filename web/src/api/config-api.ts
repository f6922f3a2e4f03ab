import { configStatSchema, type ConfigConfirmation, type ConfigStat, type UiConfig } from '@homecam/shared';
import { uiConfigSchema } from '@homecam/shared';
import { z } from 'zod';
import type { DownloadedFile, HttpClient } from './http-client';

export function getUiConfig(http: HttpClient): Promise<UiConfig> {
  return http.request('/config/ui', { schema: uiConfigSchema });
}

/** config.json as a JSON object (loose: plugins' keys are kept; the server validated it). */
const anyDocumentSchema = z.record(z.string(), z.unknown());

/** config.json as the server holds it (the defaults written out), admin only. */
export function getConfigFile(http: HttpClient): Promise<Record<string, unknown>> {
  return http.request('/config', { schema: anyDocumentSchema });
}

export function getConfigStat(http: HttpClient): Promise<ConfigStat> {
  return http.request('/config/stat', { schema: configStatSchema });
}

export interface ConfigWriteOptions {
  confirm?: readonly ConfigConfirmation[];
  /** The stat time the editor loaded: a file modified since is refused (409 CONFIG_CHANGED). */
  ifModifiedAt?: string;
}

/** PUT /api/config: the whole file; answers the saved file. */
export function putConfigFile(http: HttpClient, document: Record<string, unknown>, options: ConfigWriteOptions = {}): Promise<Record<string, unknown>> {
  const query = new URLSearchParams();
  if (options.confirm && options.confirm.length > 0) query.set('confirm', options.confirm.join(','));
  if (options.ifModifiedAt) query.set('ifModifiedAt', options.ifModifiedAt);
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return http.request(`/config${suffix}`, { method: 'PUT', json: document, schema: anyDocumentSchema });
}

/** GET /api/config/download (admin): config.json byte for byte, as stored. */
export function downloadConfigFile(http: HttpClient): Promise<DownloadedFile> {
  return http.download('/config/download', { fallbackName: 'config.json' });
}
