import { cameraSchema, configFileSchema } from '@homecam/shared';
import { z } from 'zod';
import type { PathSegment } from './json-path-range';

/** The part of JSON Schema the completion reads. */
export interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  description?: string;
  default?: unknown;
}

let cached: JsonSchemaNode | null = null;

/**
 * config.json as JSON Schema, generated from the zod schema the server validates with. A camera entry is checked
 * by a refinement against `cameraSchema` (which JSON Schema cannot express), so its keys come from that schema.
 */
export function configJsonSchema(): JsonSchemaNode {
  if (cached) return cached;
  const options = { io: 'input', unrepresentable: 'any' } as const;
  const root = z.toJSONSchema(configFileSchema, options) as JsonSchemaNode;
  const camera = z.toJSONSchema(cameraSchema, options) as JsonSchemaNode;
  const cameras = root.properties?.cameras;
  if (cameras) cameras.items = camera;
  cached = root;
  return root;
}

/** The alternatives of a node (an optional or nullable value comes as anyOf), flattened. */
export function variants(node: JsonSchemaNode): JsonSchemaNode[] {
  const alternatives = node.anyOf ?? node.oneOf;
  return alternatives ? alternatives.flatMap(variants) : [node];
}

/** The schema of the value at `path`, or null where the schema says nothing (a plugin's key). */
export function schemaAt(root: JsonSchemaNode, path: readonly PathSegment[]): JsonSchemaNode | null {
  let node: JsonSchemaNode | null = root;
  for (const segment of path) {
    if (!node) return null;
    const options: JsonSchemaNode[] = variants(node);
    const isIndex = typeof segment === 'number' || /^\d+$/.test(segment);
    node =
      options.map((option) => (isIndex ? option.items : option.properties?.[String(segment)])).find((child) => child !== undefined) ??
      null;
  }
  return node;
}

/** The keys the schema names for an object node (any alternative). */
export function knownKeys(node: JsonSchemaNode | null): string[] {
  if (!node) return [];
  return [...new Set(variants(node).flatMap((option) => Object.keys(option.properties ?? {})))];
}
