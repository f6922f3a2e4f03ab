import { cameraNameKey, MASKED_SECRET } from '@homecam/shared';
import { restoreMaskedText } from '../config-rules/camera-secrets.js';
import { maskCameraForNonAdmin } from '../config-rules/camera-webhook.js';
import { CONFIG_ALLOWED, type AllowRule } from './config-allow-list.js';

/**
 * config.json in a non-admin's archive (N6): pruned to the allow-list (config-allow-list.ts), the cameras masked as
 * the camera API masks them for non-admins. A restore by a non-admin (or of such an archive) merges the archive's
 * allowed values into the live config: everything else (secrets, admin-only and file-only keys, plugins' keys) stays
 * as it is live, and a masked camera secret is filled in from the live camera of the same name.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isPlainValue = (value: unknown): boolean =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value) || (Array.isArray(value) && value.every(isPlainValue));

/** `value` reduced to what `rule` allows; undefined when nothing of it is allowed. */
function prune(value: unknown, rule: AllowRule): unknown {
  switch (rule.kind) {
    case 'value':
      return isPlainValue(value) ? value : undefined;
    case 'list':
      return Array.isArray(value) ? value.map((item) => prune(item, rule.of)).filter((item) => item !== undefined) : undefined;
    case 'record':
      return isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, prune(item, rule.of)] as const).filter(([, item]) => item !== undefined))
        : undefined;
    case 'cameras':
      return Array.isArray(value) ? value.filter(isObject).map((camera) => maskCameraForNonAdmin(prune(camera, rule.camera) as Json)) : undefined;
    case 'object': {
      if (!isObject(value)) return undefined;
      const kept = Object.entries(value)
        .filter(([key]) => Object.hasOwn(rule.keys, key))
        .map(([key, item]) => [key, prune(item, rule.keys[key]!)] as const)
        .filter(([, item]) => item !== undefined);
      return Object.fromEntries(kept);
    }
  }
}

export function redactConfig(config: unknown): Json {
  const pruned = prune(config, CONFIG_ALLOWED);
  return isObject(pruned) ? pruned : {};
}

/** A masked camera text with its secret from the live camera's text, when that is where it came from; else as is. */
function unmaskText(archived: string, live: unknown): string {
  if (!archived.includes(MASKED_SECRET)) return archived;
  try {
    return restoreMaskedText(archived, live);
  } catch {
    return archived; // the secret stood for a camera or host that is gone: it stays masked until retyped
  }
}

function unmaskCamera(archived: unknown, live: unknown): unknown {
  if (typeof archived === 'string') return unmaskText(archived, live);
  if (Array.isArray(archived)) return archived.map((item, index) => unmaskCamera(item, Array.isArray(live) ? live[index] : undefined));
  if (!isObject(archived)) return archived;
  const base = isObject(live) ? live : {};
  return Object.fromEntries(Object.entries(archived).map(([key, item]) => [key, unmaskCamera(item, Object.hasOwn(base, key) ? base[key] : undefined)]));
}

function mergeCamera(archived: unknown, live: Json | undefined, rule: AllowRule): unknown {
  const merged = mergeWithLive(archived, live, rule);
  if (!isObject(merged)) return merged;
  const camera = unmaskCamera(merged, live) as Json;
  // Masked as a whole: the live camera's URL, or none (a masked value is no URL).
  if (camera.webhookUrl === MASKED_SECRET) camera.webhookUrl = typeof live?.webhookUrl === 'string' ? live.webhookUrl : '';
  return camera;
}

/** The archive's allowed values over the live config: what `rule` does not allow keeps its live value. */
function mergeWithLive(archived: unknown, live: unknown, rule: AllowRule): unknown {
  switch (rule.kind) {
    case 'value':
      return archived;
    case 'list':
      return Array.isArray(archived) ? archived.map((item) => mergeWithLive(item, undefined, rule.of)) : archived;
    case 'record':
      // Keys are data: the archive's entries replace the live ones as a whole, like a list.
      return isObject(archived) ? Object.fromEntries(Object.entries(archived).map(([key, item]) => [key, mergeWithLive(item, undefined, rule.of)])) : archived;
    case 'cameras': {
      if (!Array.isArray(archived)) return archived;
      const liveCameras = (Array.isArray(live) ? live : []).filter(isObject);
      const byName = new Map(liveCameras.filter((camera) => typeof camera.name === 'string').map((camera) => [cameraNameKey(camera.name as string), camera]));
      return archived.map((camera) => mergeCamera(camera, isObject(camera) && typeof camera.name === 'string' ? byName.get(cameraNameKey(camera.name)) : undefined, rule.camera));
    }
    case 'object': {
      if (!isObject(archived)) return archived;
      const base = isObject(live) ? live : {};
      const allowed = Object.entries(archived)
        .filter(([key]) => Object.hasOwn(rule.keys, key))
        .map(([key, item]) => [key, mergeWithLive(item, Object.hasOwn(base, key) ? base[key] : undefined, rule.keys[key]!)] as const);
      const kept = Object.entries(base).filter(([key]) => !Object.hasOwn(rule.keys, key));
      return Object.fromEntries([...allowed, ...kept]);
    }
  }
}

/**
 * The config a non-admin restore (or the restore of a non-admin's archive) writes: the archive pruned to the
 * allow-list, over the live config. Idempotent on an archive that is already pruned.
 */
export function mergeRedactedConfig(archived: unknown, live: unknown): Json {
  const merged = mergeWithLive(redactConfig(archived), live, CONFIG_ALLOWED);
  return isObject(merged) ? merged : {};
}
