import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog, useConfirm } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { describeError } from '../../../hooks/describe-error';
import type { RestartPhase } from '../../../hooks/use-system';

export interface RestartCardProps {
  supervised: boolean;
  phase: RestartPhase;
  error: unknown;
  onRestart: () => void;
}

/** The restart button with its confirmation; disabled with the reason when nothing would bring the server back. */
export function RestartCard({ supervised, phase, error, onRestart }: RestartCardProps) {
  const { t } = useTranslation();
  const confirmRestart = useConfirm(onRestart);
  return (
    <Card title={t('system:restart.title')} description={t('system:restart.hint')}>
      <div className="flex flex-col items-start gap-2">
        <Button variant="danger" disabled={!supervised || phase !== 'idle'} onClick={confirmRestart.ask} data-testid="system-restart">
          {t('system:restart.button')}
        </Button>
        {supervised ? null : (
          <p className="text-sm text-foreground-muted" data-testid="system-restart-unavailable">
            {t('system:restart.unavailable')}
          </p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {describeError(t, error)}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        {...confirmRestart.dialog}
        title={t('system:restart.confirmTitle')}
        message={t('system:restart.confirmMessage')}
        confirmLabel={t('system:restart.button')}
      />
    </Card>
  );
}

/** Takes the page while the server is away: it comes back by itself, no reload needed. */
export function RestartingPanel({ phase, onDismiss }: { phase: RestartPhase; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (phase === 'idle') return null;
  const waiting = phase === 'requesting' || phase === 'restarting';
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-4 sm:flex-row sm:items-center sm:p-6"
      data-testid={waiting ? 'system-restarting' : `system-restart-${phase}`}
    >
      {waiting ? <Spinner /> : null}
      <p className={phase === 'timeout' ? 'flex-1 text-sm text-danger' : 'flex-1 text-sm text-foreground'}>
        {waiting ? t('system:restart.restarting') : phase === 'back' ? t('system:restart.back') : t('system:restart.timeout')}
      </p>
      {waiting ? null : (
        <Button variant="secondary" size="sm" onClick={phase === 'timeout' ? () => window.location.reload() : onDismiss}>
          {phase === 'timeout' ? t('system:restart.reload') : t('system:restart.dismiss')}
        </Button>
      )}
    </div>
  );
}
