import { TEXT_FIELD_MAX_LENGTH, TEXT_KEY_MAX_LENGTH, type ValidationIssue } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';

/**
 * Length caps on every text written to config.json through the API, known keys and unknown ones alike: config.json
 * keeps keys it does not model (camera.ui's, plugins'), and before these caps a camera editor could store 600 KB in
 * one (finding N2) and PATCH /api/config/* took 1 MB strings (N9). A value may be at most TEXT_FIELD_MAX_LENGTH
 * characters, a key TEXT_KEY_MAX_LENGTH. What config.json already holds (a hand edit) stays writable unchanged.
 */

const MAX_REPORTED = 20;

interface Item {
  value: unknown;
  key: string | number;
  parent: Item | null;
}

function pathOf(item: Item): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Item | null = item; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}

/** Calls `visit` for every string value and object key of a JSON value, iteratively (depth is checked before). */
function walk(root: unknown, visit: (text: string, item: Item, isKey: boolean) => void): void {
  const stack: Item[] = [{ value: root, key: '', parent: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value } = item;
    if (typeof value === 'string') visit(value, item, false);
    if (value === null || typeof value !== 'object') continue;
    const entries: Iterable<[string | number, unknown]> = Array.isArray(value)
      ? (value as unknown[]).entries()
      : Object.entries(value as Record<string, unknown>);
    for (const [key, child] of entries) {
      const childItem = { value: child, key, parent: item };
      if (typeof key === 'string') visit(key, childItem, true);
      stack.push(childItem);
    }
  }
}

const tooLong = (text: string, isKey: boolean): boolean => text.length > (isKey ? TEXT_KEY_MAX_LENGTH : TEXT_FIELD_MAX_LENGTH);

/**
 * The strings and keys of `value` past the caps that `allowed` (the stored config or camera) does not already hold,
 * as issues `TEXT_TOO_LONG` at their path (after `prefix`). At most MAX_REPORTED are named.
 */
export function oversizedTextIssues(value: unknown, allowed: unknown, prefix: (string | number)[] = []): ValidationIssue[] {
  const kept = new Set<string>();
  walk(allowed, (text, _item, isKey) => {
    if (tooLong(text, isKey)) kept.add(text);
  });
  const issues: ValidationIssue[] = [];
  walk(value, (text, item, isKey) => {
    if (issues.length >= MAX_REPORTED || !tooLong(text, isKey) || kept.has(text)) return;
    const segments = [...prefix, ...pathOf(item)];
    issues.push({ path: segments.map(String).join('.'), message: 'TEXT_TOO_LONG', segments });
  });
  return issues;
}

/** 400 VALIDATION_FAILED (issues `TEXT_TOO_LONG`) when `value` brings in a text past the caps. */
export function refuseOversizedText(value: unknown, allowed: unknown, prefix: (string | number)[] = []): void {
  const issues = oversizedTextIssues(value, allowed, prefix);
  if (issues.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `a text value may be at most ${TEXT_FIELD_MAX_LENGTH} characters and a key at most ${TEXT_KEY_MAX_LENGTH}: ${issues[0]?.path ?? ''}`,
    issues,
  );
}
