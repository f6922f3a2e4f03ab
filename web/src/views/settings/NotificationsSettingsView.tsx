import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationSettingsPatchSchema, type NotificationSettings } from '@homecam/shared';
import { AlertChannelsSection } from '../../components/alerts/AlertChannelsSection';
import { ALERT_LEVEL_CHOICES, alertLevelsOf, choiceOf, type AlertLevelChoice } from '../../components/alerts/alert-levels';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { ReadOnlyNote } from '../../components/settings/ReadOnlyNote';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { numberField, numberRule, rangeOf } from '../../forms/field-validation';
import { useNotificationSettings, useUpdateNotificationSettings } from '../../hooks/use-event-settings';
import { useToast } from '../../hooks/use-toast';

function NotificationsForm({ initial, canEdit }: { initial: NotificationSettings; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const save = useUpdateNotificationSettings();
  const [active, setActive] = useState(initial.active);
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const [levels, setLevels] = useState<AlertLevelChoice>(choiceOf(initial.alertLevels));
  const hours = numberField(notificationSettingsPatchSchema.shape.removeAfter, removeAfter);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hours === null || !canEdit) return;
    save.mutate({ active, removeAfter: hours, alertLevels: alertLevelsOf(levels) }, { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="settings-notifications-form">
      {canEdit ? null : <ReadOnlyNote />}
      <Card title={t('events:settings.notificationsTitle')} description={t('events:settings.notificationsHint')}>
        <div className="flex flex-col gap-4">
          <Checkbox
            label={t('events:settings.notificationsActive')}
            checked={active}
            disabled={!canEdit}
            onChange={(e) => setActive(e.target.checked)}
            data-testid="settings-notifications-active"
          />
          <TextField
            type="number"
            readOnly={!canEdit}
            label={t('events:settings.removeAfterHours')}
            value={removeAfter}
            {...rangeOf(notificationSettingsPatchSchema.shape.removeAfter)}
            error={hours === null ? numberRule(t, notificationSettingsPatchSchema.shape.removeAfter, i18n.language) : null}
            onChange={(e) => setRemoveAfter(e.target.value)}
            data-testid="settings-notifications-remove-after"
          />
          <Select
            label={t('alerts:settings.levelsTitle')}
            value={levels}
            disabled={!canEdit}
            onChange={(e) => setLevels(e.target.value as AlertLevelChoice)}
            options={ALERT_LEVEL_CHOICES.map((choice) => ({ value: choice, label: t(`alerts:settings.levels.${choice}`) }))}
            data-testid="settings-notifications-alert-levels"
          />
          <p className="-mt-2 text-xs text-foreground-muted">{t('alerts:settings.levelsHint')}</p>
        </div>
      </Card>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={hours === null || save.isPending} data-testid="settings-notifications-submit">
            {t('events:settings.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** /settings/notifications: editable with settings:notifications:edit (or admin), read-only with access. */
export function NotificationsSettingsView() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <>
      <PageTitle>{t('routes.settingsNotifications')}</PageTitle>
      <QueryStatus query={settings} />
      {settings.data ? <NotificationsForm initial={settings.data} canEdit={settings.canEdit} /> : null}
      <div className="mt-4">
        <AlertChannelsSection canEdit={settings.canEdit} />
      </div>
    </>
  );
}
