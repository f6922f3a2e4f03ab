import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertHostSchema, type WebhookSettingsPatch, type WebhookSettingsResponse } from '@homecam/shared';
import { useWebhookSettingsForm } from '../../hooks/use-alert-settings';
import type { SettingsFormProps } from '../../hooks/use-settings-form';
import { QueryStatus } from '../layout/QueryStatus';
import { SettingsForm } from '../settings/SettingsForm';
import { Checkbox } from '../ui/Checkbox';
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

function WebhookForm({ settings, form, canEdit }: SettingsFormProps<WebhookSettingsResponse, WebhookSettingsPatch>) {
  const { t } = useTranslation();
  // Only an admin's answer holds the secret: the same rule the server applies to the insecure hosts.
  const isAdmin = settings.secret !== undefined;
  const [active, setActive] = useState(settings.active);
  const [hostsText, setHostsText] = useState(settings.insecureHosts.join('\n'));
  const { hosts, invalid } = parseHosts(hostsText);

  return (
    <SettingsForm
      form={form}
      onSave={() => form.save(isAdmin ? { active, insecureHosts: hosts } : { active })}
      canEdit={canEdit}
      blocked={invalid !== null}
      saveLabel={t('alerts-webhook:save')}
      savingLabel={t('alerts-webhook:saving')}
      testId="webhook-settings-form"
      saveTestId="webhook-save"
    >
      <Checkbox label={t('alerts-webhook:webhook.active')} checked={active} disabled={!canEdit} onChange={(e) => setActive(e.target.checked)} data-testid="webhook-active" />
      <p className="text-sm text-foreground-muted">{t('alerts-webhook:webhook.perCamera')}</p>
      <SigningSecret settings={settings} onFeedback={form.setFeedback} />
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
    </SettingsForm>
  );
}

/** The webhook channel's settings, for its card in Settings → Notifications (the card has the status and the test). */
export function WebhookSettingsForm({ canEdit }: { canEdit: boolean }) {
  const form = useWebhookSettingsForm();
  // Keyed on the answer: a save (or a rotation) remounts the form with the saved values.
  return form.settings ? <WebhookForm key={form.version} settings={form.settings} form={form} canEdit={canEdit} /> : <QueryStatus query={form.query} />;
}
