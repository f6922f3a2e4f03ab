import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_MESSAGE_MAX, TELEGRAM_MAX_CHATS, type TelegramSettingsPatch, type TelegramSettingsResponse } from '@homecam/shared';
import { useTelegramSettingsForm } from '../../hooks/use-alert-settings';
import type { SettingsFormProps } from '../../hooks/use-settings-form';
import { QueryStatus } from '../layout/QueryStatus';
import { SettingsForm } from '../settings/SettingsForm';
import { Checkbox } from '../ui/Checkbox';
import { SecretField } from '../ui/SecretField';
import { TextField } from '../ui/TextField';
import { draftIssues, draftOf, patchOf, type TelegramDraft } from './telegram-form';

function Form({ settings, form, canEdit }: SettingsFormProps<TelegramSettingsResponse, TelegramSettingsPatch>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TelegramDraft>(() => draftOf(settings));
  const issues = draftIssues(draft);
  const patch = patchOf(settings, draft);
  const set = (change: Partial<TelegramDraft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <SettingsForm
      form={form}
      onSave={() => form.save(patch)}
      canEdit={canEdit}
      blocked={issues.token || issues.chatID || issues.message || Object.keys(patch).length === 0}
      saveLabel={t('alerts-telegram:save')}
      savingLabel={t('alerts-telegram:saving')}
      testId="telegram-settings-form"
      saveTestId="telegram-save"
    >
      <Checkbox label={t('alerts-telegram:active')} checked={draft.active} disabled={!canEdit} onChange={(e) => set({ active: e.target.checked })} data-testid="telegram-active" />
      <SecretField
        i18nGroup="alerts-telegram:token"
        testId="telegram-token"
        isSet={settings.tokenSet}
        choice={draft.token}
        onChange={(token) => set({ token })}
        disabled={!canEdit}
        hint={t('alerts-telegram:token.hint')}
        // An empty field only keeps Save disabled; the rule shows once something is typed.
        error={issues.token && draft.token.mode === 'replace' && draft.token.value !== '' ? t('alerts-telegram:token.invalid') : null}
      />
      <TextField
        label={t('alerts-telegram:chatID.label')}
        value={draft.chatID}
        disabled={!canEdit}
        autoComplete="off"
        spellCheck={false}
        placeholder="123456789, @my_channel"
        hint={t('alerts-telegram:chatID.hint', { max: TELEGRAM_MAX_CHATS })}
        error={issues.chatID ? t('alerts-telegram:chatID.invalid', { max: TELEGRAM_MAX_CHATS }) : null}
        onChange={(e) => set({ chatID: e.target.value })}
        data-testid="telegram-chat-id"
      />
      <TextField
        label={t('alerts-telegram:message.label')}
        value={draft.message}
        disabled={!canEdit}
        placeholder={t('alerts-telegram:message.placeholder')}
        hint={t('alerts-telegram:message.hint')}
        error={issues.message ? t('alerts-telegram:message.tooLong', { max: ALERT_MESSAGE_MAX }) : null}
        onChange={(e) => set({ message: e.target.value })}
        data-testid="telegram-message"
      />
      <p className="text-sm text-foreground-muted">{t('alerts-telegram:typeNote')}</p>
    </SettingsForm>
  );
}

/**
 * Settings → Notifications → Telegram: on/off, the write-only bot token, chat ids and the message template
 * (config.json notifications.telegram). The status card and "send a test" live on the notifications page.
 */
export const TelegramSettingsForm: ComponentType<{ canEdit: boolean }> = ({ canEdit }) => {
  const { t } = useTranslation();
  const form = useTelegramSettingsForm();
  // Inside the channel's card, which already carries the name: no second card with the same title.
  return (
    <div className="flex flex-col gap-3" data-testid="telegram-settings">
      <p className="text-sm text-foreground-muted">{t('alerts-telegram:description')}</p>
      <QueryStatus query={form.query} />
      {form.settings ? <Form key={form.version} settings={form.settings} form={form} canEdit={canEdit} /> : null}
    </div>
  );
};
