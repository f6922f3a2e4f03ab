import { CONFIG_MAX_BYTES, CONFIG_MAX_DEPTH, jsonDepth, type ConfigConfirmation, type ValidationIssue } from '@homecam/shared';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

/**
 * The rules every write of config.json obeys, pure: nesting and size caps (finding #17: one 6 KB request grew
 * the file to 32 MB and broke every route), and no silent loss of the cameras or of whole sections.
 */

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const segments = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    return { path: segments.join('.'), message: issue.message, segments };
  });
}

const dotted = (path: (string | number)[]): string => path.map(String).join('.');

/**
 * Refuses JSON that would nest deeper than config.json may once it sits `above` levels down (2 for a camera,
 * 1 for a section). `prefix` starts the reported path. Iterative: call it on untrusted input before recursive
 * code (merge patch, secret masking) walks it.
 */
export function assertConfigDepth(value: unknown, above = 0, prefix: string[] = []): void {
  const { path } = jsonDepth(value, CONFIG_MAX_DEPTH - above);
  if (path === null) return;
  throw new AppError('CONFIG_TOO_DEEP', `config.json may nest at most ${CONFIG_MAX_DEPTH} levels`, [
    { path: dotted([...prefix, ...path]), message: `nests deeper than ${CONFIG_MAX_DEPTH} levels` },
  ]);
}

/** The text written to config.json; refused (nothing written) past CONFIG_MAX_BYTES. */
export function serializeConfig(config: unknown): string {
  const text = `${JSON.stringify(config, null, 2)}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > CONFIG_MAX_BYTES) {
    throw new AppError('CONFIG_TOO_LARGE', `config.json would be ${bytes} bytes, more than ${CONFIG_MAX_BYTES}`, {
      bytes,
      maxBytes: CONFIG_MAX_BYTES,
    });
  }
  return text;
}

export interface DestructiveChange {
  confirm: ConfigConfirmation;
  /** The top-level keys lost (`cameras` for the last cameras). */
  keys: string[];
}

/**
 * What `next` (the file as it would be written, before defaults) loses against `current`: every camera, or
 * top-level keys. Deleting cameras one by one (DELETE /api/cameras/:name) is not a config write and not here.
 */
export function destructiveChanges(current: Record<string, unknown>, next: Record<string, unknown>): DestructiveChange[] {
  const changes: DestructiveChange[] = [];
  const hadCameras = Array.isArray(current.cameras) && current.cameras.length > 0;
  const keepsCameras = Array.isArray(next.cameras) && next.cameras.length > 0;
  if (hadCameras && !keepsCameras) changes.push({ confirm: 'remove-cameras', keys: ['cameras'] });
  const dropped = Object.keys(current).filter((key) => !Object.hasOwn(next, key) || next[key] === undefined);
  if (dropped.length > 0) changes.push({ confirm: 'remove-sections', keys: dropped });
  return changes;
}

/** 409 CONFIG_DESTRUCTIVE naming what is lost and the `confirm` values that would allow it. */
export function assertConfirmed(changes: DestructiveChange[], confirmed: readonly ConfigConfirmation[]): void {
  const missing = changes.filter((change) => !confirmed.includes(change.confirm));
  if (missing.length === 0) return;
  const lost = [...new Set(missing.flatMap((change) => change.keys))];
  throw new AppError(
    'CONFIG_DESTRUCTIVE',
    `this write would remove ${lost.join(', ')} from config.json; repeat it with ?confirm=${missing.map((c) => c.confirm).join(',')} to go ahead`,
    { confirm: missing.map((change) => change.confirm), keys: lost },
  );
}
