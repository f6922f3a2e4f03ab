import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationsSettings, RecordingsSettings } from '../../api/config-api';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { describeError } from '../../hooks/describe-error';
import { useConfigSection, useUpdateConfigSection } from '../../hooks/use-config-section';
import { useToast } from '../../hooks/use-toast';

/** Non-admins: the server keeps these settings behind admin-only routes, so there is nothing to show. */
function AdminOnly() {
  const { t } = useTranslation();
  return (
    <Card>
      <p className="text-sm text-foreground-muted" data-testid="settings-admin-only">
        {t('events:settings.adminOnly')}
      </p>
    </Card>
  );
}

/** A whole number from a field, or null when it is not one within [min, max]. */
function whole(text: string, min: number, max: number): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** A positive number from an optional field: undefined when empty, null when invalid. */
function positive(text: string): number | null | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function RecordingsForm({ initial }: { initial: RecordingsSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateConfigSection('recordings');
  const [active, setActive] = useState(initial.active);
  const [path, setPath] = useState(initial.path ?? '');
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const [maxSize, setMaxSize] = useState(initial.maxSizeGB === undefined ? '' : String(initial.maxSizeGB));
  const [minFree, setMinFree] = useState(initial.minFreeGB === undefined ? '' : String(initial.minFreeGB));
  const days = whole(removeAfter, 1, 3650);
  const max = positive(maxSize);
  const free = positive(minFree);
  const valid = days !== null && max !== null && free !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    const next: RecordingsSettings = { ...initial, active, removeAfter: days, maxSizeGB: max, minFreeGB: free };
    if (path.trim()) next.path = path.trim();
    else delete next.path;
    if (max === undefined) delete next.maxSizeGB;
    if (free === undefined) delete next.minFreeGB;
    save.mutate(next, { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="settings-recordings-form">
      <Card title={t('events:settings.recordingsTitle')} description={t('events:settings.recordingsHint')}>
        <div className="flex flex-col gap-4">
          <Checkbox label={t('events:settings.recordingsActive')} checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="settings-recordings-active" />
          <TextField label={t('events:settings.path')} hint={t('events:settings.pathHint')} value={path} onChange={(e) => setPath(e.target.value)} data-testid="settings-recordings-path" />
          <TextField
            type="number"
            label={t('events:settings.removeAfterDays')}
            value={removeAfter}
            min={1}
            max={3650}
            error={days === null ? t('events:settings.invalidNumber') : null}
            onChange={(e) => setRemoveAfter(e.target.value)}
            data-testid="settings-recordings-remove-after"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="number"
              step="any"
              label={t('events:settings.maxSize')}
              hint={t('events:settings.optional')}
              value={maxSize}
              error={max === null ? t('events:settings.invalidNumber') : null}
              onChange={(e) => setMaxSize(e.target.value)}
              data-testid="settings-recordings-max-size"
            />
            <TextField
              type="number"
              step="any"
              label={t('events:settings.minFree')}
              hint={t('events:settings.optional')}
              value={minFree}
              error={free === null ? t('events:settings.invalidNumber') : null}
              onChange={(e) => setMinFree(e.target.value)}
              data-testid="settings-recordings-min-free"
            />
          </div>
        </div>
      </Card>
      <Card title={t('events:settings.fileOnlyTitle')} description={t('events:settings.fileOnlyHint')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('events:settings.type')} value={t(`events:recordingTypes.${initial.type}`)} readOnly disabled data-testid="settings-recordings-type" />
          <TextField label={t('events:settings.timer')} value={String(initial.timer)} readOnly disabled data-testid="settings-recordings-timer" />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={!valid || save.isPending} data-testid="settings-recordings-submit">
          {t('events:settings.save')}
        </Button>
      </div>
    </form>
  );
}

function NotificationsForm({ initial }: { initial: NotificationsSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateConfigSection('notifications');
  const [active, setActive] = useState(initial.active);
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const hours = whole(removeAfter, 1, 8760);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hours === null) return;
    save.mutate({ ...initial, active, removeAfter: hours }, { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="settings-notifications-form">
      <Card title={t('events:settings.notificationsTitle')} description={t('events:settings.notificationsHint')}>
        <div className="flex flex-col gap-4">
          <Checkbox label={t('events:settings.notificationsActive')} checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="settings-notifications-active" />
          <TextField
            type="number"
            label={t('events:settings.removeAfterHours')}
            value={removeAfter}
            min={1}
            max={8760}
            error={hours === null ? t('events:settings.invalidNumber') : null}
            onChange={(e) => setRemoveAfter(e.target.value)}
            data-testid="settings-notifications-remove-after"
          />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={hours === null || save.isPending} data-testid="settings-notifications-submit">
          {t('events:settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** /settings/recordings: config.json `recordings` for admins (the only ones the server lets read or change it). */
export function RecordingsSettingsView() {
  const { t } = useTranslation();
  const section = useConfigSection('recordings');
  return (
    <>
      <PageTitle>{t('routes.settingsRecordings')}</PageTitle>
      {!section.isAdmin ? <AdminOnly /> : null}
      {section.isAdmin && section.isPending ? <Spinner label={t('layout.loading')} /> : null}
      {section.error ? (
        <p role="alert" className="text-sm text-danger">
          {describeError(t, section.error)}
        </p>
      ) : null}
      {section.data ? <RecordingsForm initial={section.data} /> : null}
    </>
  );
}

/** /settings/notifications: config.json `notifications` for admins. */
export function NotificationsSettingsView() {
  const { t } = useTranslation();
  const section = useConfigSection('notifications');
  return (
    <>
      <PageTitle>{t('routes.settingsNotifications')}</PageTitle>
      {!section.isAdmin ? <AdminOnly /> : null}
      {section.isAdmin && section.isPending ? <Spinner label={t('layout.loading')} /> : null}
      {section.error ? (
        <p role="alert" className="text-sm text-danger">
          {describeError(t, section.error)}
        </p>
      ) : null}
      {section.data ? <NotificationsForm initial={section.data} /> : null}
    </>
  );
}
