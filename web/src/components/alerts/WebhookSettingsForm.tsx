import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertStatusQueryKey } from '../../hooks/use-alerts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { alertHostSchema, type WebhookSettingsPatch, type WebhookSettingsResponse } from '@homecam/shared';
import { alertChannelKeys, getWebhookSettings, updateWebhookSettings } from '../../api/alert-channels-api';
import { describeError } from '../../hooks/describe-error';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { FormFeedback, type Feedback } from './FormFeedback';
import { SigningSecret } from './SigningSecret';
import { WebhookPayloadHelp } from './WebhookPayloadHelp';

/** One host per line (or comma-separated) → the list, or the first entry that is not a host. */
export function parseHosts(text: string): { hosts: string[]; invalid: string | null } {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const hosts: string[] = [];
  for (const entry of entries) {
    const parsed = alertHostSchema.safeParse(entry);
    if (!parsed.success) return { hosts, invalid: entry };
    if (!hosts.includes(parsed.data)) hosts.push(parsed.data);
  }
  return { hosts, invalid: null };
}

interface WebhookFormProps {
  settings: WebhookSettingsResponse;
  canEdit: boolean;
  feedback: Feedback;
  setFeedback: (feedback: Feedback) => void;
}

function WebhookForm({ settings, canEdit, feedback, setFeedback }: WebhookFormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Only an admin's answer holds the secret: the same rule the server applies to the insecure hosts.
  const isAdmin = settings.secret !== undefined;
  const [active, setActive] = useState(settings.active);
  const [hostsText, setHostsText] = useState(settings.insecureHosts.join('\n'));
  const { hosts, invalid } = parseHosts(hostsText);
  const save = useMutation({
    mutationFn: updateWebhookSettings,
    onSuccess: (next) => {
      void client.invalidateQueries({ queryKey: alertStatusQueryKey });
      client.setQueryData(alertChannelKeys.webhook, next);
      setHostsText(next.insecureHosts.join('\n'));
      setFeedback({ kind: 'success', text: t('alerts-webhook:saved') });
    },
    onError: (error) => setFeedback({ kind: 'error', text: describeError(t, error) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    const patch: WebhookSettingsPatch = { active };
    if (isAdmin) patch.insecureHosts = hosts;
    save.mutate(patch);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="webhook-settings-form">
      <Checkbox label={t('alerts-webhook:webhook.active')} checked={active} disabled={!canEdit} onChange={(e) => setActive(e.target.checked)} data-testid="webhook-active" />
      <p className="text-sm text-foreground-muted">{t('alerts-webhook:webhook.perCamera')}</p>
      <SigningSecret settings={settings} onFeedback={setFeedback} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-foreground-muted">{t('alerts-webhook:webhook.insecureHosts')}</span>
        <textarea
          className="min-h-20 rounded-md border border-border bg-background px-3 py-2 font-mono text-sm text-foreground disabled:opacity-60"
          value={hostsText}
          disabled={!canEdit || !isAdmin}
          spellCheck={false}
          onChange={(e) => setHostsText(e.target.value)}
          data-testid="webhook-insecure-hosts"
        />
        <span className="text-xs text-foreground-muted">{isAdmin ? t('alerts-webhook:webhook.insecureHostsHint') : t('alerts-webhook:adminOnly')}</span>
        {invalid ? (
          <span className="text-xs text-danger" role="alert">
            {t('alerts-webhook:webhook.hostInvalid', { host: invalid })}
          </span>
        ) : null}
      </label>
      <WebhookPayloadHelp />
      <FormFeedback feedback={feedback} />
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={!!invalid || save.isPending} data-testid="webhook-save">
            {save.isPending ? t('alerts-webhook:saving') : t('alerts-webhook:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The webhook channel's settings, for its card in Settings → Notifications (the card has the status and the test). */
export function WebhookSettingsForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  // Kept here: a save replaces the query data, which remounts the form with the saved values.
  const [feedback, setFeedback] = useState<Feedback>(null);
  const query = useQuery({ queryKey: alertChannelKeys.webhook, queryFn: getWebhookSettings });
  if (query.error) {
    return (
      <p role="alert" className="text-sm text-danger">
        {describeError(t, query.error)}
      </p>
    );
  }
  if (!query.data) return <p className="text-sm text-foreground-muted">{t('alerts-webhook:loading')}</p>;
  return <WebhookForm key={query.dataUpdatedAt} settings={query.data} canEdit={canEdit} feedback={feedback} setFeedback={setFeedback} />;
}
