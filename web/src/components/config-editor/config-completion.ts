import { configJsonSchema, knownKeys, schemaAt, variants, type JsonSchemaNode } from './config-json-schema';
import { jsonContextAt } from './json-context';

export interface ConfigCompletionOption {
  label: string;
  apply: string;
  type: 'property' | 'enum' | 'keyword';
  detail?: string;
}

export interface ConfigCompletions {
  from: number;
  to: number;
  options: ConfigCompletionOption[];
}

function typeLabel(node: JsonSchemaNode): string | undefined {
  const types = variants(node).flatMap((option) => (option.type === undefined ? [] : [option.type].flat()));
  return types.length > 0 ? [...new Set(types)].join(' | ') : undefined;
}

/** Enum values (strings only inside a string the user opened) and booleans, labelled as they will read. */
function valueOptions(node: JsonSchemaNode, inString: boolean): ConfigCompletionOption[] {
  const options = variants(node);
  const values = options.flatMap((option) => option.enum ?? []);
  if (options.some((option) => option.type === 'boolean')) values.push(true, false);
  return values.flatMap((value): ConfigCompletionOption[] => {
    if (!inString) return [{ label: JSON.stringify(value), apply: JSON.stringify(value), type: typeof value === 'boolean' ? 'keyword' : 'enum' }];
    if (typeof value !== 'string') return [];
    return [{ label: value, apply: `${JSON.stringify(value).slice(1)}`, type: 'enum' }];
  });
}

/**
 * Completions at `pos` in config.json: the keys the schema knows for the object the cursor is in (not yet written
 * there), or the enum and boolean values for the value being typed. Inside a string the completion starts after
 * its opening quote (so the editor's filter compares the typed word with the bare label) and writes the closing
 * one. Pure, for the editor and its tests.
 */
export function completeConfig(text: string, pos: number, root: JsonSchemaNode = configJsonSchema()): ConfigCompletions | null {
  const context = jsonContextAt(text, pos);
  if (context.kind === 'none') return null;
  // An editor that closed the quote itself leaves it after the cursor: replace it too.
  const to = context.inString && text[pos] === '"' ? pos + 1 : pos;
  const node = schemaAt(root, context.path);
  if (!node) return null;
  const from = context.inString ? context.from + 1 : context.from;
  if (context.kind === 'key') {
    const options = knownKeys(node)
      .filter((key) => !context.siblings.includes(key))
      .map((key): ConfigCompletionOption => {
        const child = schemaAt(node, [key]);
        const quoted = `${JSON.stringify(key)}: `;
        return { label: key, apply: context.inString ? quoted.slice(1) : quoted, type: 'property', detail: child ? typeLabel(child) : undefined };
      });
    return options.length > 0 ? { from, to, options } : null;
  }
  const options = valueOptions(node, context.inString);
  return options.length > 0 ? { from, to, options } : null;
}
