import { CONFIG_MAX_BYTES, configFileSchema, type ConfigFile } from '@homecam/shared';
import { readFile, stat } from 'node:fs/promises';
import { AppError, isAppError } from '../errors/app-error.js';
import { refuseBadCameraMedia } from '../config-rules/camera-media-check.js';
import { withLiveFileOnlyValues } from '../config-rules/config-file-only.js';
import { assertConfigDepth, serializeConfig, toIssues } from '../config-rules/config-write-rules.js';
import { mergeRedactedConfig } from './redact.js';

export interface RestoredConfigOptions {
  /**
   * Secrets, admin-only, file-only and unknown keys keep their live values: a non-admin's restore, and the restore of
   * a non-admin's (redacted) archive, which has none of them.
   */
  keepSecretsLive: boolean;
}

function invalid(message: string, details?: unknown): AppError {
  return new AppError('BACKUP_INVALID', `config.json in the archive is not valid: ${message}`, details);
}

/** Reads and parses the staged config.json (at most CONFIG_MAX_BYTES). */
export async function readStagedConfig(path: string): Promise<unknown> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new AppError('BACKUP_INVALID', 'the archive has no config.json');
  if (info.size > CONFIG_MAX_BYTES) throw new AppError('BACKUP_TOO_LARGE', `config.json is ${info.size} bytes`);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    throw invalid('not JSON');
  }
}

/**
 * N4: a restored config.json obeys the rules of PUT /api/config. The file-only keys (options.videoProcessor) keep the
 * live file's values, never the archive's; nesting, size and schema as for any write; a camera whose media settings
 * differ from the live camera's must pass the ffmpeg grammar. The recordings path is checked when the restored file
 * is loaded at the next start (the same rules as every load: a refused path is never written to).
 * Returns the text to write.
 */
export function restoredConfigText(archived: unknown, live: unknown, options: RestoredConfigOptions): string {
  if (archived === null || typeof archived !== 'object' || Array.isArray(archived)) throw invalid('not an object');
  const current: ConfigFile = configFileSchema.parse(live);
  try {
    assertConfigDepth(archived);
    const merged = options.keepSecretsLive ? mergeRedactedConfig(archived, live) : (archived as Record<string, unknown>);
    const next = withLiveFileOnlyValues(merged, live);
    const checked = configFileSchema.safeParse(next);
    if (!checked.success) throw invalid('schema', toIssues(checked.error).slice(0, 10));
    refuseBadCameraMedia(checked.data, current);
    return serializeConfig(next);
  } catch (error) {
    if (isAppError(error) && error.code !== 'BACKUP_INVALID') throw invalid(error.message, error.details);
    throw error;
  }
}
