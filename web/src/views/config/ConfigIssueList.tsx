import { useTranslation } from 'react-i18next';
import type { ConfigIssue } from '../../components/config-editor/config-lint';

/** The editor's problems as a list (line, path, message, who found it); a click moves the cursor there. */
export function ConfigIssueList({ issues, lineAt, onReveal }: { issues: ConfigIssue[]; lineAt: (offset: number) => number; onReveal: (from: number) => void }) {
  const { t } = useTranslation();
  if (issues.length === 0) return null;
  return (
    <ul className="max-h-40 shrink-0 overflow-auto rounded-lg border border-danger/40 bg-surface text-sm" aria-label={t('editor:issues.title')} data-testid="config-issues">
      {issues.map((issue, index) => (
        <li key={`${issue.source}-${issue.from}-${index}`}>
          <button
            type="button"
            className="flex w-full flex-wrap items-baseline gap-x-2 px-3 py-1.5 text-start hover:bg-muted"
            onClick={() => onReveal(issue.from)}
            data-testid="config-issue"
            data-line={lineAt(issue.from)}
            data-source={issue.source}
            data-path={issue.path}
          >
            <span className="font-mono text-xs text-foreground-muted">{t('editor:issues.line', { line: lineAt(issue.from) })}</span>
            <span className="text-xs uppercase text-danger">{t(`editor:source.${issue.source}`)}</span>
            {issue.path ? <span className="font-mono text-xs text-foreground">{issue.path}</span> : null}
            <span className="text-foreground">{issue.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
