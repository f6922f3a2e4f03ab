import { StateEffect, StateField } from '@codemirror/state';
import type { ConfigIssue } from './config-lint';

/** Sets the issues of the server's last refusal (replacing the previous ones). */
export const setServerIssues = StateEffect.define<ConfigIssue[]>();

/**
 * The server's issues of the last refused save, kept at their text while the user edits elsewhere: mapped
 * through every change, and dropped once the text they point at is edited (the user is fixing it).
 */
export const serverIssuesField = StateField.define<ConfigIssue[]>({
  create: () => [],
  update(issues, tr) {
    for (const effect of tr.effects) if (effect.is(setServerIssues)) return effect.value;
    if (!tr.docChanged) return issues;
    return issues
      .filter((issue) => !tr.changes.touchesRange(issue.from, issue.to))
      .map((issue) => ({ ...issue, from: tr.changes.mapPos(issue.from), to: tr.changes.mapPos(issue.to) }));
  },
});
