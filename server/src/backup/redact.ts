import { MASKED_SECRET, maskSourceCredentials } from '@homecam/shared';

/**
 * Secrets in config.json for archives handed to non-admins: values of secret-named keys are emptied, credentials in
 * URLs masked. A restore of such an archive takes those values back from the running install, by key path.
 */
const SECRET_KEY = /password|passwd|token|secret|private/i;

type Json = unknown;

export function redactConfig(value: Json, key = ''): Json {
  if (typeof value === 'string') return SECRET_KEY.test(key) ? '' : maskSourceCredentials(value);
  if (Array.isArray(value)) return value.map((item) => redactConfig(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redactConfig(item, name)]));
  }
  return value;
}

function child(value: Json, key: string | number): Json {
  if (value === null || typeof value !== 'object') return undefined;
  return (value as Record<string | number, Json>)[key];
}

/** The archive's config with the redacted values filled in from `current` where the same path has one. */
export function restoreSecrets(archived: Json, current: Json, key = ''): Json {
  if (typeof archived === 'string') {
    if (typeof current !== 'string') return archived;
    if (SECRET_KEY.test(key) && archived === '') return current;
    if (archived.includes(MASKED_SECRET) && maskSourceCredentials(current) === archived) return current;
    return archived;
  }
  if (Array.isArray(archived)) return archived.map((item, index) => restoreSecrets(item, child(current, index), key));
  if (archived !== null && typeof archived === 'object') {
    return Object.fromEntries(Object.entries(archived).map(([name, item]) => [name, restoreSecrets(item, child(current, name), name)]));
  }
  return archived;
}
