import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertStatusQueryKey } from '../../hooks/use-alerts';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_MESSAGE_MAX, TELEGRAM_MAX_CHATS, type TelegramSettingsPatch, type TelegramSettingsResponse } from '@homecam/shared';
import { getTelegramSettings, updateTelegramSettings } from '../../api/alerts-telegram-api';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../layout/QueryStatus';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { TextField } from '../ui/TextField';
import { draftIssues, draftOf, patchOf, type TelegramDraft } from './telegram-form';
import { TelegramTokenField } from './TelegramTokenField';

export const telegramSettingsQueryKey = ['settings', 'notifications', 'telegram'] as const;

function Form({ settings, canEdit }: { settings: TelegramSettingsResponse; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (patch: TelegramSettingsPatch) => updateTelegramSettings(patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(telegramSettingsQueryKey, saved);
      // The channel's status card (enabled, test button) follows the saved settings at once.
      void queryClient.invalidateQueries({ queryKey: alertStatusQueryKey });
    },
  });
  const [draft, setDraft] = useState<TelegramDraft>(() => draftOf(settings));
  const issues = draftIssues(draft);
  const patch = patchOf(settings, draft);
  const invalid = issues.token || issues.chatID || issues.message;
  const set = (change: Partial<TelegramDraft>) => setDraft((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || !canEdit) return;
    save.mutate(patch, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        toast.success(t('alerts-telegram:saved'));
      },
      onError: toast.apiError,
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="telegram-settings-form">
      <Checkbox label={t('alerts-telegram:active')} checked={draft.active} disabled={!canEdit} onChange={(e) => set({ active: e.target.checked })} data-testid="telegram-active" />
      <TelegramTokenField isSet={settings.tokenSet} choice={draft.token} onChange={(token) => set({ token })} invalid={issues.token} disabled={!canEdit} />
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
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={invalid || save.isPending || Object.keys(patch).length === 0} data-testid="telegram-save">
            {save.isPending ? t('alerts-telegram:saving') : t('alerts-telegram:save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * Settings → Notifications → Telegram: on/off, the write-only bot token, chat ids and the message template
 * (config.json notifications.telegram). The status card and "send a test" live on the notifications page.
 */
export const TelegramSettingsForm: ComponentType<{ canEdit: boolean }> = ({ canEdit }) => {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: telegramSettingsQueryKey, queryFn: getTelegramSettings });
  // Inside the channel's card, which already carries the name: no second card with the same title.
  return (
    <div className="flex flex-col gap-3" data-testid="telegram-settings">
      <p className="text-sm text-foreground-muted">{t('alerts-telegram:description')}</p>
      <QueryStatus query={settings} />
      {settings.data ? <Form key={settings.dataUpdatedAt} settings={settings.data} canEdit={canEdit} /> : null}
    </div>
  );
};
