// Module hooks (they run on the loader's thread): every resolved URL inside node_modules goes to the record file.
import { appendFileSync } from 'node:fs';

let file = null;

export function initialize(data) {
  file = data?.file ?? null;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (file && resolved.url.includes('/node_modules/')) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
