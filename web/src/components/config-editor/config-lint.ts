import { configFileSchema } from '@homecam/shared';
import type { Tree } from '@lezer/common';
import { duplicateKeys } from './duplicate-keys';
import { rangeForPath, splitDottedPath, type PathSegment } from './json-path-range';

/** A problem in the document, placed at a text range (a CodeMirror diagnostic and a row of the issue list). */
export interface ConfigIssue {
  from: number;
  to: number;
  /** Dotted path ('' for JSON syntax errors and the whole document). */
  path: string;
  /** Already translated. */
  message: string;
  /** Who found it: the JSON parser, the schema in the browser, or the server refusing a save. */
  source: 'syntax' | 'schema' | 'server';
}

/** Translates a validation message (a ValidationMessage key or the validator's English text). */
export type DescribeMessage = (message: string) => string;

/** The offset JSON.parse names in its error, when it does (V8: "... in JSON at position 12 (line 2 column 3)"). */
function parseErrorOffset(error: unknown, length: number): number {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  return position === undefined ? length : Math.min(Number(position), length);
}

/** Parses the document; a syntax error comes back as an issue at the parser's position. */
export function parseConfigText(text: string, syntaxMessage: string): { value: unknown } | { issue: ConfigIssue } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const from = parseErrorOffset(error, text.length);
    const start = Math.max(0, Math.min(from, text.length - 1));
    return { issue: { from: start, to: Math.min(start + 1, text.length), path: '', message: syntaxMessage, source: 'syntax' } };
  }
}

/** Places issues given as paths (from zod or from the server) in the text. */
export function placeIssues(
  text: string,
  issues: readonly { path: PathSegment[]; message: string }[],
  source: ConfigIssue['source'],
  describe: DescribeMessage,
  tree?: Tree,
): ConfigIssue[] {
  return issues.map((issue) => ({
    ...rangeForPath(text, issue.path, tree),
    path: issue.path.join('.'),
    message: describe(issue.message),
    source,
  }));
}

/** A server issue's path: its segments when the answer has them, else the dotted path split. */
export function serverIssuePath(issue: { path: string; segments?: unknown }): PathSegment[] {
  const segments: unknown = issue.segments;
  const isPath = (value: unknown): value is PathSegment[] =>
    Array.isArray(value) && value.every((s) => typeof s === 'string' || typeof s === 'number');
  if (isPath(segments)) return segments;
  return splitDottedPath(issue.path);
}

/** What the lint says in the UI language. */
export interface LintMessages {
  syntax: string;
  notObject: string;
  /** A key repeated in one object. */
  duplicateKey: (key: string) => string;
}

/**
 * Every problem the browser can find in config.json: JSON syntax, keys repeated in one object (JSON.parse keeps
 * only the last), then the same zod schema the server validates with (rules that need the server's state, e.g.
 * a file-only key, come back when saving).
 */
export function lintConfigText(text: string, messages: LintMessages, describe: DescribeMessage, tree?: Tree): ConfigIssue[] {
  const parsed = parseConfigText(text, messages.syntax);
  if ('issue' in parsed) return [parsed.issue];
  const duplicates: ConfigIssue[] = duplicateKeys(text, tree).map(({ key, path, from, to }) => ({ from, to, path, message: messages.duplicateKey(key), source: 'syntax' }));
  return [...duplicates, ...schemaIssues(text, parsed.value, messages, describe, tree)];
}

/**
 * The browser's issues and the server's of the last refused save, each problem once: a problem both found (the
 * same path and message) is listed as the server's, which refused it.
 */
export function mergeIssues(local: readonly ConfigIssue[], server: readonly ConfigIssue[]): ConfigIssue[] {
  const key = (issue: ConfigIssue): string => `${issue.path}\u0000${issue.message}`;
  const refused = new Set(server.map(key));
  return [...local.filter((issue) => !refused.has(key(issue))), ...server];
}

function schemaIssues(text: string, value: unknown, messages: LintMessages, describe: DescribeMessage, tree?: Tree): ConfigIssue[] {
  const parsed = { value };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return [{ from: 0, to: Math.min(1, text.length), path: '', message: messages.notObject, source: 'schema' }];
  }
  const result = configFileSchema.safeParse(parsed.value);
  if (result.success) return [];
  const issues = result.error.issues.flatMap((issue) => {
    const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    // An unknown key of a strict object: mark each key, not the object.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: [...path, key], message: issue.message }));
    return [{ path, message: issue.message }];
  });
  return placeIssues(text, issues, 'schema', describe, tree);
}
