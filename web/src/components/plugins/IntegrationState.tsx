import { useTranslation } from 'react-i18next';
import type { IntegrationState as State } from '@homecam/shared';
import { cn } from '../ui/cn';

const DOT: Record<State, string> = {
  running: 'bg-success',
  ready: 'bg-success',
  starting: 'bg-warning',
  stopped: 'bg-foreground-muted',
  disabled: 'bg-border',
  error: 'bg-danger',
};

/** The state as a coloured dot and its word (the word carries it: colour alone is not enough). */
export function IntegrationStateBadge({ state }: { state: State }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground" data-testid="plugin-state" data-state={state}>
      <span aria-hidden className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOT[state], state === 'starting' && 'animate-pulse')} />
      {t(`plugins:states.${state}`)}
    </span>
  );
}
