import type { HomekitStatus } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/layout/QueryStatus';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { useHomekitMutations, useHomekitStatus } from '../../../hooks/use-homekit';
import { useToast } from '../../../hooks/use-toast';
import { HomekitPairing } from './HomekitPairing';
import { HomekitSettingsForm } from './HomekitSettingsForm';

const STATE_CLASS: Record<HomekitStatus['state'], string> = {
  off: 'text-foreground-muted',
  starting: 'text-warning',
  running: 'text-success',
  error: 'text-danger',
};

function StateLine({ status }: { status: HomekitStatus }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-foreground">
        {t('homekit:state')}{' '}
        <span className={`font-medium ${STATE_CLASS[status.state]}`} data-testid="homekit-state" data-state={status.state}>
          {t(`homekit:states.${status.state}`)}
        </span>
        {status.state === 'running' ? <span className="text-foreground-muted"> · {t('homekit:accessories', { count: status.accessories })}</span> : null}
      </p>
      {status.lastError ? (
        <p role="alert" className="break-words text-danger" data-testid="homekit-error">
          {t('homekit:lastError', { error: status.lastError })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Settings → System → HomeKit (admin): turn the built-in bridge on, name it, pair a phone with the setup code or
 * the QR code, and reset the pairing. Saved at once; the bridge follows config.json by itself.
 */
export function HomekitCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const query = useHomekitStatus();
  const { update, reset } = useHomekitMutations();
  const status = query.data;
  return (
    <Card title={t('homekit:title')} description={t('homekit:hint')}>
      <QueryStatus query={query} />
      {status ? (
        <div className="flex flex-col gap-4" data-testid="homekit-card">
          <Checkbox
            label={t('homekit:active')}
            checked={status.active}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ active: event.target.checked }, { onError: toast.apiError })}
            data-testid="homekit-active"
          />
          <StateLine status={status} />
          <HomekitSettingsForm
            key={`${status.name}:${status.port}`}
            status={status}
            saving={update.isPending}
            onSave={(patch) => update.mutate(patch, { onSuccess: () => toast.success(t('homekit:saved')), onError: toast.apiError })}
          />
          {status.active || status.setupCode ? (
            <HomekitPairing
              status={status}
              resetting={reset.isPending}
              onReset={() => reset.mutate(undefined, { onSuccess: () => toast.success(t('homekit:resetDone')), onError: toast.apiError })}
            />
          ) : null}
          <p className="text-xs text-foreground-muted">{t('homekit:readme')}</p>
        </div>
      ) : null}
    </Card>
  );
}
