#!/usr/bin/env node
// The committed API contract: docs/openapi.json is generated from the routes' zod schemas (the same document the
// server serves at /api/docs/json), so a route or schema change shows up as a diff in review (as in immich).
//   npm run openapi        rewrite docs/openapi.json
//   npm run openapi:check  regenerate in memory; exit 1 if the committed file differs
// Runs from the TypeScript sources through tsx with the `source` condition (see package.json), so no build is needed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'docs', 'openapi.json');
const check = process.argv.includes('--check');

/** Keys sorted at every depth, arrays kept in order: the file changes only when the contract does. */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

async function generate() {
  const { buildApp } = await import('../server/src/app.ts');
  // A throw-away data directory: the document depends on the routes only, never on a local config.
  const dataDir = await mkdtemp(join(tmpdir(), 'homecam-openapi-'));
  try {
    const app = await buildApp({ dataDir, logLevel: 'silent', webDir: join(dataDir, 'no-web-build') });
    try {
      const response = await app.inject({ url: '/api/docs/json' });
      if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
      return `${JSON.stringify(sortKeys(response.json()), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const generated = await generate();
if (check) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== generated) {
    const want = generated.split('\n');
    const have = committed.split('\n');
    const line = want.findIndex((text, index) => text !== have[index]);
    console.error(
      `First difference at line ${line + 1}:\n  committed: ${have[line] ?? '(end of file)'}\n  generated: ${want[line] ?? '(end of file)'}`,
    );
    console.error(
      'docs/openapi.json is out of date with the server routes/schemas.\n' +
        'Run `npm run openapi` and commit docs/openapi.json (review the diff: it is the API contract).',
    );
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  await writeFile(target, generated);
  console.log(`wrote ${target}`);
}
// Nothing should hold the process once the app closed (libdatachannel, whose native threads once did, is loaded
// only for a WebRTC viewer now); end it anyway, so a stray handle can never hang `npm test`.
process.exit(0);
