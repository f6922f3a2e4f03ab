import { CONFIG_MAX_BYTES, CONFIG_MAX_DEPTH, configFileSchema, jsonDepth, type ConfigFile, type ValidationIssue } from '@homecam/shared';
import { toIssues } from '../config-rules/config-write-rules.js';
import { CONFIG_FILE } from '../repositories/config.repository.js';

/** config.json could not be used at start-up. The message names the file and every bad key. */
export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

/** `config.json: mqtt.port: expected number, received string; ssl.active: ...` */
function describeIssues(issues: ValidationIssue[]): string {
  return issues
    .map((issue) => `${CONFIG_FILE}: ${issue.path || '(root)'}: ${issue.message.replace(/^Invalid input: /, '')}`)
    .join('; ');
}

/**
 * Where the JSON broke, without the parser's excerpt of the text: that excerpt could hold a camera password.
 */
function describeJsonError(raw: string, error: unknown): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return 'not valid JSON';
  const before = raw.slice(0, Number(position)).split('\n');
  return `not valid JSON (line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

/** Parses and validates the text of config.json (at start and on every reload). Throws ConfigLoadError naming the file and every bad key. */
export function parseConfigText(raw: string): ConfigFile {
  // A file past the caps (hand-made, or written before they existed) would overflow every route that
  // serialises it: refuse it here, where start-up fails with a message and a hot reload keeps the last good.
  if (Buffer.byteLength(raw) > CONFIG_MAX_BYTES) throw new ConfigLoadError(`${CONFIG_FILE}: larger than ${CONFIG_MAX_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ConfigLoadError(`${CONFIG_FILE}: ${describeJsonError(raw, error)}`);
  }
  const tooDeep = jsonDepth(json, CONFIG_MAX_DEPTH).path;
  if (tooDeep) throw new ConfigLoadError(`${CONFIG_FILE}: ${tooDeep.join('.')}: nests deeper than ${CONFIG_MAX_DEPTH} levels`);
  const result = configFileSchema.safeParse(json);
  if (!result.success) throw new ConfigLoadError(describeIssues(toIssues(result.error)));
  return result.data;
}
