import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Integration, IntegrationAction } from '@homecam/shared';
import { describeError } from '../../hooks/describe-error';
import { useIntegrationAction } from '../../hooks/use-plugins';
import { formatTime } from '../../lib/event-format';
import { Button } from '../ui/Button';
import { IntegrationDetail } from './IntegrationDetail';
import { IntegrationStateBadge } from './IntegrationState';
import { ProblemNote } from './ProblemNote';

/** Which actions make sense in a state: no start of what runs, no stop of what is off. */
function enabled(action: IntegrationAction, integration: Integration): boolean {
  const off = integration.state === 'disabled';
  if (action === 'start') return integration.state !== 'running' && integration.state !== 'ready';
  if (action === 'stop') return !off;
  return !off;
}

/** One integration: name, kind, state since, detail, last error, its actions and the way to its settings. */
export function IntegrationCard({ integration }: { integration: Integration }) {
  const { t, i18n } = useTranslation();
  const action = useIntegrationAction(integration.id);
  const name = t(`plugins:names.${integration.id}`, { defaultValue: integration.title });
  const pending = action.isPending ? action.variables : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid={`plugin-${integration.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-foreground">{name}</h2>
          <p className="text-xs uppercase tracking-wide text-foreground-muted">{t(`plugins:kinds.${integration.kind}`)}</p>
        </div>
        <div className="flex flex-col items-end gap-0.5">
          <IntegrationStateBadge state={integration.state} />
          {integration.since ? (
            <span className="text-xs text-foreground-muted" data-testid="plugin-since">
              {t('plugins:since', { time: formatTime(integration.since, i18n.language) })}
            </span>
          ) : null}
        </div>
      </div>
      {integration.detail ? <IntegrationDetail detail={integration.detail} /> : null}
      {integration.warnings.map((warning) => (
        <p key={warning} className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm text-foreground" data-testid={`plugin-warning-${warning}`}>
          {t(`plugins:warnings.${warning}`)}
        </p>
      ))}
      {integration.lastError ? <ProblemNote problem={integration.lastError} testId="plugin-last-error" /> : null}
      {action.error ? (
        <p role="alert" className="text-sm text-danger">
          {describeError(t, action.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {integration.actions.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={name === 'stop' ? 'secondary' : name === 'start' ? 'primary' : 'ghost'}
            disabled={action.isPending || !enabled(name, integration)}
            onClick={() => action.mutate(name)}
            data-testid={`plugin-${integration.id}-${name}`}
          >
            {pending === name ? t('plugins:pending') : t(`plugins:actions.${name}`)}
          </Button>
        ))}
        {integration.actions.length === 0 ? <span className="text-xs text-foreground-muted">{t('plugins:noActions')}</span> : null}
        <Link to={integration.settingsPath} className="ml-auto text-sm font-medium text-primary hover:underline" data-testid={`plugin-${integration.id}-settings`}>
          {t('plugins:settingsLink')}
        </Link>
      </div>
    </li>
  );
}
