import { useTranslation } from 'react-i18next';
import { createElement } from 'react';
import type { AlertChannelId, AlertChannelStatus } from '@homecam/shared';
import { describeError } from '../../hooks/describe-error';
import { useAlertTest } from '../../hooks/use-alerts';
import { formatTime } from '../../lib/event-format';
import { ProblemNote } from '../plugins/ProblemNote';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { CHANNEL_SETTINGS } from './channel-settings-registry';

export interface AlertChannelCardProps {
  status: AlertChannelStatus;
  /** settings:notifications:edit (or admin): may send a test and change the channel's settings. */
  canEdit: boolean;
  /** Channels whose test only admins may send (the webhook) show no button to others. */
  canTest: boolean;
}

function Counter({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-foreground-muted">{label}</dt>
      <dd className="truncate text-sm font-medium text-foreground" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The channel's own settings form, when its helper registered one (channel-settings-registry.ts). */
function ChannelSettingsSlot({ channel, canEdit }: { channel: AlertChannelId; canEdit: boolean }) {
  const Form = CHANNEL_SETTINGS[channel];
  return Form ? createElement(Form, { canEdit }) : null;
}

/** One alert channel in Settings → Notifications: on/off, counters, last success and error, a test, its own form. */
export function AlertChannelCard({ status, canEdit, canTest }: AlertChannelCardProps) {
  const { t, i18n } = useTranslation();
  const test = useAlertTest(status.channel);
  const id = `alert-channel-${status.channel}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-foreground">{t(`alerts:channels.${status.channel}`)}</h3>
        <span className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground" data-testid={`${id}-enabled`} data-enabled={status.enabled}>
          <span aria-hidden className={cn('h-2.5 w-2.5 rounded-full', status.enabled ? 'bg-success' : 'bg-border')} />
          {status.enabled ? t('alerts:settings.on') : t('alerts:settings.off')}
        </span>
      </div>
      {status.off && status.off !== 'SWITCHED_OFF' ? (
        <p className="-mt-2 text-sm text-warning" data-testid={`${id}-off-reason`}>
          {t(`alerts:settings.offReason.${status.off}`)}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Counter label={t('alerts:settings.sent')} value={status.sent} testId={`${id}-sent`} />
        <Counter label={t('alerts:settings.queued')} value={status.queued} testId={`${id}-queued`} />
        <Counter label={t('alerts:settings.dropped')} value={status.dropped} testId={`${id}-dropped`} />
        <Counter
          label={t('alerts:settings.lastSuccess')}
          value={status.lastSuccessAt ? formatTime(status.lastSuccessAt, i18n.language) : t('alerts:settings.never')}
          testId={`${id}-last-success`}
        />
      </dl>
      {status.lastError ? <ProblemNote problem={status.lastError} testId={`${id}-last-error`} /> : null}
      <ChannelSettingsSlot channel={status.channel} canEdit={canEdit} />
      {canEdit && canTest ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="secondary" disabled={test.isPending || !status.enabled} onClick={() => test.mutate()} data-testid={`${id}-test`}>
            {test.isPending ? t('alerts:settings.testing') : t('alerts:settings.test')}
          </Button>
          <p role="status" aria-live="polite" className="min-w-0 flex-1 break-words text-sm" data-testid={`${id}-test-result`}>
            {/* The service's own answer (an HTTP status, a bot name) stays as technical detail beside the translated words. */}
            {test.isSuccess ? (
              <>
                <span className="text-success">{t('alerts:settings.testSent')}</span>{' '}
                <span className="font-mono text-xs text-foreground-muted">{t('plugins:technical', { message: test.data.detail })}</span>
              </>
            ) : null}
            {test.isError ? <span className="text-danger">{describeError(t, test.error)}</span> : null}
          </p>
        </div>
      ) : null}
    </li>
  );
}
