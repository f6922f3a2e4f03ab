#!/usr/bin/env node
/**
 * Translation check (npm run test:i18n). Plain Node, no dependencies. Fails (exit 1) when:
 * - a language lacks a namespace file, a key of English, or has a key English does not have;
 * - a translation is empty, not a string, or uses other {{placeholders}} than English;
 * - the web source uses a key English does not have: t('…') / i18n.t('…') literals, and any string
 *   literal shaped like a key of a known group ('routes.dashboard', 'settings:account.title');
 * - a key family the UI builds at run time is incomplete: errors.<CODE> for every error code,
 *   validation.<KEY> for every validation message, permissions.<name> for every permission, the camera
 *   states and off-air codes, the integrations' problem codes, the alert channels' off reasons and the object labels
 *   (all read from packages/shared so a new code cannot ship untranslated). A plural key counts when
 *   i18next's key_one and key_other both exist.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const localesDir = join(root, 'web/src/i18n/locales');
const sourceDir = join(root, 'web/src');
const sharedDir = join(root, 'packages/shared/src');
const REFERENCE = 'en';
const DEFAULT_NAMESPACE = 'common';

// A Set: a key can be found both as a t() call and as a key-shaped literal; report it once.
const problems = new Set();
const problem = (message) => problems.add(message);

/** The items of `export const NAME = [ 'a', 'b' ] as const` in a shared source file. */
function sharedList(file, name) {
  const text = readFileSync(join(sharedDir, file), 'utf8');
  const match = new RegExp(`export const ${name}\\s*=\\s*\\[([\\s\\S]*?)\\]`).exec(text);
  if (!match) throw new Error(`cannot find ${name} in packages/shared/src/${file}`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((item) => item[1]);
}

/** The keys of `export const NAME = { KEY: …, } as const`. */
function sharedObjectKeys(file, name) {
  const text = readFileSync(join(sharedDir, file), 'utf8');
  const match = new RegExp(`export const ${name}\\s*=\\s*\\{([\\s\\S]*?)\\}\\s*as const`).exec(text);
  if (!match) throw new Error(`cannot find ${name} in packages/shared/src/${file}`);
  return [...match[1].matchAll(/^[ \t]*([A-Z_]+)[ \t]*:/gm)].map((item) => item[1]);
}

/** { 'a.b': 'text' } from nested JSON; non-string leaves are reported. */
function flatten(value, prefix, where, into = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object' && !Array.isArray(child)) flatten(child, path, where, into);
    else if (typeof child !== 'string') problem(`${where}: ${path} is not a string`);
    else into.set(path, child);
  }
  return into;
}

function readLocale(language, namespace) {
  const file = join(localesDir, language, `${namespace}.json`);
  try {
    return flatten(JSON.parse(readFileSync(file, 'utf8')), '', `${language}/${namespace}.json`);
  } catch (error) {
    problem(`${language}/${namespace}.json: ${error.code === 'ENOENT' ? 'missing' : error.message}`);
    return new Map();
  }
}

const placeholders = (text) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort().join(',');

// 1. Every language has exactly English's keys, each translated.
const languages = sharedList('constants.ts', 'LANGUAGES');
const namespaces = readdirSync(join(localesDir, REFERENCE))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
const english = new Map(namespaces.map((namespace) => [namespace, readLocale(REFERENCE, namespace)]));

for (const language of languages.filter((lng) => lng !== REFERENCE)) {
  let sameAsEnglish = 0;
  for (const namespace of namespaces) {
    const reference = english.get(namespace);
    const translated = readLocale(language, namespace);
    const where = `${language}/${namespace}.json`;
    for (const [key, text] of reference) {
      const translation = translated.get(key);
      if (translation === undefined) problem(`${where}: missing key ${key}`);
      else if (translation.trim() === '') problem(`${where}: empty translation for ${key}`);
      else {
        if (placeholders(translation) !== placeholders(text)) {
          problem(`${where}: ${key} has placeholders {${placeholders(translation)}}, English has {${placeholders(text)}}`);
        }
        if (translation === text) sameAsEnglish += 1;
      }
    }
    for (const key of translated.keys()) if (!reference.has(key)) problem(`${where}: extra key ${key} (not in English)`);
  }
  // Shared words (Dashboard, Master, Camview) are legitimately equal; this is a hint, not a failure.
  if (sameAsEnglish > 0) console.log(`note: ${language} has ${sameAsEnglish} value(s) identical to English`);
}

// 2. Every key the source names exists in English (a plural key as i18next's key_one/key_other pair).
function hasKey(namespace, key) {
  const keys = english.get(namespace);
  return (keys?.has(key) || (keys?.has(`${key}_one`) && keys?.has(`${key}_other`))) ?? false;
}
const topLevelGroups = new Map(
  [...english].map(([namespace, keys]) => [namespace, new Set([...keys.keys()].map((key) => key.split('.')[0]))]),
);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(name) && !/\.test\.(?:ts|tsx)$/.test(name) ? [path] : [];
  });
}

const T_CALL = /(?:^|[^\w$.]|\bi18n\.)t\(\s*(['"])([^'"\n]+)\1/g;
const KEY_LITERAL = /(['"])(?:([a-z]+):)?([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
let keysSeen = 0;

for (const file of sourceFiles(sourceDir)) {
  const text = readFileSync(file, 'utf8');
  const where = relative(root, file);
  for (const [, , raw] of text.matchAll(T_CALL)) {
    keysSeen += 1;
    const [namespace, key] = raw.includes(':') ? raw.split(/:(.*)/s) : [DEFAULT_NAMESPACE, raw];
    if (!english.has(namespace)) problem(`${where}: t('${raw}') names an unknown namespace ${namespace}`);
    else if (!hasKey(namespace, key)) problem(`${where}: t('${raw}') is not in ${REFERENCE}/${namespace}.json`);
  }
  for (const [, , explicitNamespace, key] of text.matchAll(KEY_LITERAL)) {
    const namespace = explicitNamespace ?? DEFAULT_NAMESPACE;
    // Only literals that claim to be keys: an explicit namespace, or a first segment that is a group.
    const claimsToBeKey = explicitNamespace ? english.has(namespace) : topLevelGroups.get(namespace)?.has(key.split('.')[0]);
    if (!claimsToBeKey) continue;
    keysSeen += 1;
    if (!hasKey(namespace, key)) problem(`${where}: '${explicitNamespace ? `${namespace}:` : ''}${key}' is not in ${REFERENCE}/${namespace}.json`);
  }
}

// 3. Families the UI builds from a value at run time: [namespace, group, members, suffix].
const offAir = sharedList('api/cameras.ts', 'CAMERA_OFF_AIR');
const families = [
  [DEFAULT_NAMESPACE, 'errors', sharedObjectKeys('errors.ts', 'ERROR_STATUS').concat(['NETWORK_ERROR', 'UNKNOWN'])],
  [DEFAULT_NAMESPACE, 'validation', sharedList('errors.ts', 'VALIDATION_MESSAGES')],
  [DEFAULT_NAMESPACE, 'permissions', sharedList('permissions.ts', 'PERMISSIONS').map((permission) => permission.replaceAll(':', '_'))],
  ['cameras', 'status', sharedList('api/cameras.ts', 'CAMERA_STATES').concat(offAir)],
  ['cameras', 'offAir', offAir, '.title'],
  ['cameras', 'offAir', offAir, '.hint'],
  ['plugins', 'problems', sharedList('api/integration-codes.ts', 'PROBLEM_CODES')],
  ['alerts', 'settings.offReason', sharedList('api/integration-codes.ts', 'ALERT_CHANNEL_OFF_REASONS')],
  ['objects', 'labels', sharedList('api/object-detection.ts', 'OBJECT_LABELS')],
];
for (const [namespace, group, members, suffix = ''] of families) {
  for (const member of members) {
    if (!hasKey(namespace, `${group}.${member}${suffix}`)) problem(`${REFERENCE}/${namespace}.json: missing ${group}.${member}${suffix}`);
  }
}

// 4. Secret fields (web/src/components/ui/SecretField.tsx) read their words from the group they are given:
// every `i18nGroup="<namespace>:<group>"` in the source needs each of SECRET_FIELD_WORDS there.
const secretFieldSource = readFileSync(join(sourceDir, 'components/ui/SecretField.tsx'), 'utf8');
const secretWordsMatch = /export const SECRET_FIELD_WORDS\s*=\s*\[([^\]]*)\]/.exec(secretFieldSource);
if (!secretWordsMatch) throw new Error('cannot find SECRET_FIELD_WORDS in web/src/components/ui/SecretField.tsx');
const secretWords = [...secretWordsMatch[1].matchAll(/'([^']+)'/g)].map((item) => item[1]);
for (const file of sourceFiles(sourceDir)) {
  for (const [, namespace, group] of readFileSync(file, 'utf8').matchAll(/i18nGroup="([a-z-]+):([\w.-]+)"/g)) {
    keysSeen += 1;
    const missing = secretWords.filter((word) => !hasKey(namespace, `${group}.${word}`));
    if (missing.length > 0) problem(`${relative(root, file)}: i18nGroup "${namespace}:${group}" lacks ${missing.join(', ')} in ${REFERENCE}/${namespace}.json`);
  }
}

const total = [...english.values()].reduce((sum, keys) => sum + keys.size, 0);
if (problems.size > 0) {
  console.error(`i18n check failed with ${problems.size} problem(s):`);
  for (const message of problems) console.error(`  - ${message}`);
  process.exit(1);
}
console.log(`i18n check passed: ${languages.length} languages, ${total} keys each, ${keysSeen} key uses in the source.`);
