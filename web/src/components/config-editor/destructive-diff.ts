import type { ConfigConfirmation } from '@homecam/shared';
import { knownKeys, schemaAt, type JsonSchemaNode } from './config-json-schema';

/** What a save would lose against the file as loaded. */
export interface ConfigLoss {
  /** The file had cameras and the edited document has none. */
  cameras: boolean;
  /** Top-level keys that disappear. */
  sections: string[];
  /** Keys the schema does not know (HomeKit's, plugins') that disappear below the top level, as dotted paths. */
  unknownKeys: string[];
  /** The `confirm=` values the server wants for this save. */
  confirm: ConfigConfirmation[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const cameraKey = (camera: unknown): string | null =>
  isObject(camera) && typeof camera.name === 'string' ? camera.name.trim().toLowerCase() : null;

/** Unknown keys of `before` that `after` no longer has, walking objects and (cameras by name, others by index) arrays. */
function lostUnknownKeys(before: unknown, after: unknown, schema: JsonSchemaNode | null, path: string[]): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const items: unknown[] = after;
    const byName = path.length === 1 && path[0] === 'cameras';
    return before.flatMap((item, index) => {
      const match = byName ? items.find((other) => cameraKey(other) !== null && cameraKey(other) === cameraKey(item)) : items[index];
      return match === undefined ? [] : lostUnknownKeys(item, match, schema && schemaAt(schema, [0]), [...path, String(index)]);
    });
  }
  if (!isObject(before) || !isObject(after)) return [];
  const known = new Set(knownKeys(schema));
  return Object.keys(before).flatMap((key) => {
    const childPath = [...path, key];
    // Below a key the schema does not know, every key is unknown (a plugin's settings).
    if (!Object.hasOwn(after, key)) return known.has(key) ? [] : [childPath.join('.')];
    return lostUnknownKeys(before[key], after[key], schema && known.has(key) ? schemaAt(schema, [key]) : null, childPath);
  });
}

/**
 * What saving `edited` over `loaded` removes, as the server judges it (every camera, top-level keys: these need
 * `confirm=`) plus the unknown keys lower down, which the server drops without asking: the editor asks first for all
 * of them.
 */
export function configLoss(loaded: Json, edited: Json, root: JsonSchemaNode): ConfigLoss {
  const hadCameras = Array.isArray(loaded.cameras) && loaded.cameras.length > 0;
  const cameras = hadCameras && !(Array.isArray(edited.cameras) && edited.cameras.length > 0);
  const sections = Object.keys(loaded).filter((key) => !Object.hasOwn(edited, key) || edited[key] === undefined);
  const unknownKeys = Object.keys(loaded)
    .filter((key) => Object.hasOwn(edited, key))
    .flatMap((key) => lostUnknownKeys(loaded[key], edited[key], schemaAt(root, [key]), [key]));
  const confirm: ConfigConfirmation[] = [];
  if (cameras) confirm.push('remove-cameras');
  if (sections.length > 0) confirm.push('remove-sections');
  return { cameras, sections, unknownKeys, confirm };
}

export const losesSomething = (loss: ConfigLoss): boolean => loss.cameras || loss.sections.length > 0 || loss.unknownKeys.length > 0;
