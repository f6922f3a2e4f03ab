import type { ConfigFile } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/**
 * Keys of config.json only the file on the host may set, never the API nor a restore: `options.videoProcessor` names
 * a program the server runs at start (F16b; N4: a restore planted a script there that then ran as root). One list
 * for both, so a key added here is refused by PUT/PATCH /api/config and kept from the live file by a restore.
 */
export const CONFIG_FILE_ONLY_PATHS: readonly (readonly [string, string])[] = [['options', 'videoProcessor']];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function valueAt(config: unknown, [section, key]: readonly [string, string]): unknown {
  const block = isObject(config) ? config[section] : undefined;
  return isObject(block) ? block[key] : undefined;
}

/**
 * The API's rule: a write may send a file-only key unchanged (a whole-file PUT of what GET returned still works),
 * never a new value.
 */
export function refuseFileOnlyChanges(current: ConfigFile, next: ConfigFile): void {
  const changed = CONFIG_FILE_ONLY_PATHS.filter((path) => valueAt(next, path) !== valueAt(current, path));
  if (changed.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `${changed.map((path) => path.join('.')).join(', ')} can only be changed in config.json on the server`,
    changed.map((path) => ({ path: path.join('.'), message: 'CONFIG_FILE_ONLY' })),
  );
}

/** A restore's rule: every file-only key takes the live file's value (or stays absent when the live file has none). */
export function withLiveFileOnlyValues(next: Json, live: unknown): Json {
  const result: Json = { ...next };
  for (const path of CONFIG_FILE_ONLY_PATHS) {
    const [section, key] = path;
    const current = result[section];
    const block: Json = isObject(current) ? { ...current } : {};
    const liveValue = valueAt(live, path);
    if (liveValue === undefined) delete block[key];
    else block[key] = liveValue;
    if (isObject(current) || Object.keys(block).length > 0) result[section] = block;
  }
  return result;
}
