import fc from 'fast-check';

/**
 * fast-check arbitraries for the route fuzz: values that follow a route's JSON schema (from the OpenAPI document
 * or the shared zod schemas) with hostile values mixed in at every level, and the hostile values themselves: huge
 * strings, deep nesting, prototype keys, wrong types, unicode edge cases, numbers JSON.stringify cannot write
 * (1e309, -0), arrays where objects are expected.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
};

/** A number token written into the JSON text as it is: JSON.stringify cannot produce these. */
export class RawNumber {
  constructor(readonly token: string) {}
}

const LONG_UNITS = ['a', '%', '@', '?', '&', '/', '=', ':', '\\', '"', '\u202e', '\ud800', '😀', 'a://', '<a', '\u0000', ' '];
const longString = fc
  .tuple(fc.constantFrom(...LONG_UNITS), fc.constantFrom(300, 4_097, 70_000, 300_000))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
const edgeString = fc.constantFrom(
  '', ' ', '\u0000', 'NUL\u0000byte', '\ud800', '\udc00x', '\u202egnp.exe', 'a\u2066b', '\ufeff', '\u0301'.repeat(500), '🚪 Door', 'Küche',
  'ห้องนั่งเล่น', '__proto__', 'constructor', 'toString', 'NaN', 'Infinity', '-0', '1e309', 'null', 'true', '../../etc/passwd', '%00', '%ff',
  '%E0%A4%A', '<script>alert(1)</script>', "'; DROP TABLE users; --", 'rtsp://admin:pw@127.0.0.1:9/x', '-i rtsp://127.0.0.1:9/x -f tty',
  'file:///etc/passwd', '2026-02-30T25:61:00Z', '9999-12-31T23:59:59.999Z', 'a'.repeat(64), 'x://',
);
const specialNumber = fc.constantFrom(
  new RawNumber('1e309'), new RawNumber('-1e309'), new RawNumber('-0'), new RawNumber('1e-400'), new RawNumber('9007199254740993'),
  new RawNumber('0.1e1'), new RawNumber('123456789012345678901234567890'),
);
const plainNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 53), 0.5));

/** Objects and arrays nested past the JSON depth limit (64) or just below it. */
const deep = fc.constantFrom(20, 63, 70, 300).chain((depth) =>
  fc.boolean().map((arrays) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  }),
);

/** Keys that must stay data: `__proto__` and `constructor.prototype` (Fastify refuses them: 400). */
const prototypeKeys = fc.constantFrom<unknown>(
  { ['__proto__']: { admin: true } },
  { constructor: { prototype: { polluted: true } } },
  { ['__proto__']: null, name: 'x' },
  { toString: 'x', valueOf: 1, hasOwnProperty: 2 },
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(edgeString, longString, fc.string({ unit: 'binary', maxLength: 40 }));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: specialNumber },
  { weight: 1, arbitrary: plainNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [1, 2, 3], [{}]) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: prototypeKeys },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A value shaped like the schema (names, types, bounds, enums), with hostile values mixed in at every level. */
export function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const hostile = depth > 4 ? hostileString : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf?.[0]) return shaped(schema.allOf[0], depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const [type] = types(schema);
  switch (type ?? 'unknown') {
    case 'object':
      return objectOf(schema, depth);
    case 'array':
      return schema.prefixItems
        ? fc.tuple(...schema.prefixItems.map((item) => fromSchema(item, depth + 1)))
        : fc.array(schema.items ? fromSchema(schema.items, depth + 1) : hostileValue, { maxLength: 4 });
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: schema.maxLength ?? 20 }),
        fc.string({ unit: 'grapheme', maxLength: schema.maxLength ?? 20 }),
        hostileString,
        fc.constant(new Date(0).toISOString()),
      );
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6) }), specialNumber, plainNumber);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const known = Object.entries(schema.properties ?? {});
  const model = Object.fromEntries(known.map(([key, value]) => [key, fromSchema(value, depth + 1)]));
  const extra = fc.dictionary(fc.oneof(hostileString.map((key) => key.slice(0, 300)), fc.constantFrom('extra', 'myPlugin')), hostileValue, { maxKeys: 2 });
  return fc.tuple(fc.record(model, { requiredKeys: [] }), extra).map(([fields, more]) => ({ ...more, ...fields }));
}

/** The JSON text of a value, with RawNumber tokens written as they are (`1e309`, `-0`). */
export function toJsonText(value: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawNumber)) return item;
    tokens.push(item.token);
    return `\u0001raw${tokens.length - 1}\u0001`;
  });
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_whole, index: string) => tokens[Number(index)] ?? '0');
}

/** A query value as sent: UTF-8 percent-encoded (a lone surrogate too), or a raw malformed escape now and then. */
export function encodeQueryValue(value: unknown): string {
  const text = value instanceof RawNumber ? value.token : typeof value === 'string' ? value : toJsonText(value);
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`)).join('');
}
