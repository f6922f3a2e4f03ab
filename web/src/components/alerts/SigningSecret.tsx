import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookSettingsResponse } from '@homecam/shared';
import { describeError } from '../../hooks/describe-error';
import { useRotateWebhookSecret } from '../../hooks/use-alert-settings';
import type { Feedback } from '../../hooks/use-settings-form';
import { Button } from '../ui/Button';
import { ConfirmDialog, useConfirm } from '../ui/ConfirmDialog';

/**
 * The webhook signing secret: admins (whose answer holds it) can show, copy and rotate it to configure their
 * receiver; everyone else only sees whether one exists.
 */
export function SigningSecret({ settings, onFeedback }: { settings: WebhookSettingsResponse; onFeedback: (feedback: Feedback) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const rotate = useRotateWebhookSecret({
    onSuccess: () => onFeedback({ kind: 'success', text: t('alerts-webhook:webhook.rotated') }),
    onError: (error) => onFeedback({ kind: 'error', text: describeError(t, error) }),
  });
  // Open (busy) until the answer; a new secret remounts the whole form, so only a refusal needs the close.
  const confirmRotate = useConfirm((close) => rotate.mutate(undefined, { onSettled: close }), { stayOpen: true });
  const secret = settings.secret;
  if (secret === undefined) {
    return (
      <p className="text-sm text-foreground-muted" data-testid="webhook-secret-state">
        {settings.secretSet ? t('alerts-webhook:webhook.secretSetOnly') : t('alerts-webhook:webhook.secretUnset')}
      </p>
    );
  }

  function copy() {
    navigator.clipboard
      .writeText(secret ?? '')
      .then(() => onFeedback({ kind: 'success', text: t('alerts-webhook:webhook.copied') }))
      .catch(() => onFeedback({ kind: 'error', text: t('alerts-webhook:webhook.copyFailed') }));
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-foreground-muted">{t('alerts-webhook:webhook.secret')}</span>
      <code className="break-all rounded bg-muted px-2 py-1 text-xs text-foreground" data-testid="webhook-secret">
        {shown ? secret : '•'.repeat(24)}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setShown((value) => !value)} data-testid="webhook-secret-show">
          {shown ? t('alerts-webhook:webhook.hide') : t('alerts-webhook:webhook.show')}
        </Button>
        <Button size="sm" variant="secondary" onClick={copy}>
          {t('alerts-webhook:webhook.copy')}
        </Button>
        <Button size="sm" variant="ghost" onClick={confirmRotate.ask} data-testid="webhook-rotate">
          {t('alerts-webhook:webhook.rotate')}
        </Button>
      </div>
      <ConfirmDialog
        {...confirmRotate.dialog}
        busy={rotate.isPending}
        title={t('alerts-webhook:webhook.rotateTitle')}
        message={t('alerts-webhook:webhook.rotateMessage')}
        confirmLabel={t('alerts-webhook:webhook.rotate')}
      />
    </div>
  );
}
