import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALEXA_MODES, type AlexaSettingsPatch, type AlexaSettingsResponse } from '@homecam/shared';
import { useAlexaSettingsForm } from '../../hooks/use-alert-settings';
import { useHasAllPermissions } from '../../hooks/use-permissions';
import type { SettingsFormProps } from '../../hooks/use-settings-form';
import { QueryStatus } from '../layout/QueryStatus';
import { SettingsForm } from '../settings/SettingsForm';
import { Checkbox } from '../ui/Checkbox';
import { SecretField } from '../ui/SecretField';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { alexaDraftOf, alexaIssues, alexaPatchOf, type AlexaDraft } from './alexa-form';

/** The announcement window (camera.ui's startTime/endTime): local server time, may cross midnight. */
function TimeWindowFields({ draft, disabled, onChange }: { draft: AlexaDraft; disabled: boolean; onChange: (change: Partial<AlexaDraft>) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-2 gap-4">
        <TextField type="time" label={t('alerts-webhook:alexa.startTime')} value={draft.startTime} disabled={disabled} onChange={(e) => onChange({ startTime: e.target.value })} data-testid="alexa-start" />
        <TextField type="time" label={t('alerts-webhook:alexa.endTime')} value={draft.endTime} disabled={disabled} onChange={(e) => onChange({ endTime: e.target.value })} data-testid="alexa-end" />
      </div>
      <p className="text-xs text-foreground-muted">{t('alerts-webhook:alexa.windowHint')}</p>
    </div>
  );
}

function AlexaForm({ settings, form, canEdit, isAdmin }: SettingsFormProps<AlexaSettingsResponse, AlexaSettingsPatch> & { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AlexaDraft>(() => alexaDraftOf(settings));
  const set = (change: Partial<AlexaDraft>) => setDraft((current) => ({ ...current, ...change }));
  const issues = alexaIssues(draft);
  // Outgoing URL, token and mode make the server call out: admins only (the server refuses the rest too).
  const adminField = !canEdit || !isAdmin;
  const homeAssistant = draft.mode === 'home-assistant';

  return (
    <SettingsForm
      form={form}
      onSave={() => form.save(alexaPatchOf(settings, draft))}
      canEdit={canEdit}
      blocked={issues.url || issues.service || issues.token}
      saveLabel={t('alerts-webhook:save')}
      savingLabel={t('alerts-webhook:saving')}
      testId="alexa-settings-form"
      saveTestId="alexa-save"
    >
      <Checkbox label={t('alerts-webhook:alexa.active')} checked={draft.active} disabled={!canEdit} onChange={(e) => set({ active: e.target.checked })} data-testid="alexa-active" />
      <p className="text-sm text-foreground-muted">{t('alerts-webhook:alexa.how')}</p>
      <Select
        label={t('alerts-webhook:alexa.mode')}
        options={ALEXA_MODES.map((mode) => ({ value: mode, label: t(`alerts-webhook:alexa.modes.${mode}`) }))}
        value={draft.mode}
        disabled={adminField}
        onChange={(e) => set({ mode: ALEXA_MODES.find((mode) => mode === e.target.value) ?? draft.mode })}
        data-testid="alexa-mode"
      />
      <TextField
        label={homeAssistant ? t('alerts-webhook:alexa.haUrl') : t('alerts-webhook:alexa.webhookUrl')}
        value={draft.url}
        disabled={adminField}
        inputMode="url"
        spellCheck={false}
        placeholder={homeAssistant ? 'http://homeassistant.local:8123' : 'https://…'}
        hint={isAdmin ? undefined : t('alerts-webhook:adminOnly')}
        error={issues.url ? t('alerts-webhook:alexa.urlInvalid') : null}
        onChange={(e) => set({ url: e.target.value })}
        data-testid="alexa-url"
      />
      {homeAssistant ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('alerts-webhook:alexa.service')}
            value={draft.service}
            disabled={!canEdit}
            spellCheck={false}
            placeholder="notify/alexa_media_kitchen"
            error={issues.service ? t('alerts-webhook:alexa.serviceInvalid') : null}
            onChange={(e) => set({ service: e.target.value })}
            data-testid="alexa-service"
          />
          <TextField label={t('alerts-webhook:alexa.target')} value={draft.target} disabled={!canEdit} spellCheck={false} onChange={(e) => set({ target: e.target.value })} data-testid="alexa-target" />
        </div>
      ) : null}
      <SecretField i18nGroup="alerts-webhook:alexaToken" testId="alexa-token" isSet={settings.tokenSet} choice={draft.token} disabled={adminField} onChange={(token) => set({ token })} />
      <TextField label={t('alerts-webhook:alexa.message')} value={draft.message} disabled={!canEdit} hint={t('alerts-webhook:alexa.messageHint')} maxLength={1000} onChange={(e) => set({ message: e.target.value })} data-testid="alexa-message" />
      <TimeWindowFields draft={draft} disabled={!canEdit} onChange={set} />
    </SettingsForm>
  );
}

/** The Alexa channel's settings, for its card in Settings → Notifications (the card has the status and the test). */
export function AlexaSettingsForm({ canEdit }: { canEdit: boolean }) {
  const isAdmin = useHasAllPermissions(['admin']);
  const form = useAlexaSettingsForm();
  // Keyed on the answer: a save remounts the form with the saved values.
  return form.settings ? <AlexaForm key={form.version} settings={form.settings} form={form} canEdit={canEdit} isAdmin={isAdmin} /> : <QueryStatus query={form.query} />;
}
