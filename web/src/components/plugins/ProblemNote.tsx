import { useTranslation } from 'react-i18next';
import type { Problem } from '@homecam/shared';
import { formatTime } from '../../lib/event-format';

/**
 * The last problem of an integration or alert channel: when, what kind (translated from its code), and the
 * technical message beside it in small type (another program's words, kept as they came, secrets removed).
 */
export function ProblemNote({ problem, testId }: { problem: Problem; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm text-foreground" data-testid={testId} data-code={problem.code}>
      <p className="font-medium">{t('plugins:lastError', { time: formatTime(problem.at, i18n.language) })}</p>
      <p className="break-words" data-testid={`${testId}-text`}>
        {t(`plugins:problems.${problem.code}`)}
      </p>
      <p className="mt-1 break-words font-mono text-xs text-foreground-muted" data-testid={`${testId}-technical`}>
        {t('plugins:technical', { message: problem.message })}
      </p>
    </div>
  );
}
