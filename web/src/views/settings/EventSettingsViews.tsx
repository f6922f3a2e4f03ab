import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings, RecordingDisk, RecordingSettings } from '@homecam/shared';
import { ApiError } from '../../api/api-error';
import { formatSize } from '../../components/events/format';
import { PageTitle } from '../../components/layout/PageTitle';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { TextField } from '../../components/ui/TextField';
import { describeValidation } from '../../hooks/describe-error';
import {
  useNotificationSettings,
  useRecordingSettings,
  useUpdateNotificationSettings,
  useUpdateRecordingSettings,
} from '../../hooks/use-event-settings';
import { useToast } from '../../hooks/use-toast';
import { QueryStatus } from '../../components/layout/QueryStatus';

/** Users with only the access permission see the values but cannot change them. */
function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-foreground-muted" data-testid="settings-read-only">
      {t('events:settings.readOnly')}
    </p>
  );
}

/** The server's message for one field of a VALIDATION_FAILED answer, translated; null otherwise. */
function fieldError(t: ReturnType<typeof useTranslation>['t'], error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return null;
  const issue = error.validationIssues.find((i) => i.path === field);
  return issue ? describeValidation(t, issue.message) : null;
}

/** Recordings size and count, and free/total of the disk with a bar of the used part. */
function DiskUse({ disk }: { disk: RecordingDisk }) {
  const { t, i18n } = useTranslation();
  const known = disk.freeBytes !== null && disk.totalBytes !== null && disk.totalBytes > 0;
  const usedPercent = known ? Math.min(100, Math.max(0, ((disk.totalBytes! - disk.freeBytes!) / disk.totalBytes!) * 100)) : 0;
  return (
    <Card title={t('events:settings.diskTitle')}>
      <div className="flex flex-col gap-2 text-sm" data-testid="settings-recordings-disk">
        <p data-testid="settings-recordings-disk-recordings">
          {t('events:settings.diskRecordings', { size: formatSize(disk.recordingsBytes, i18n.language), count: disk.recordingsCount })}
        </p>
        {known ? (
          <>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(usedPercent)}
              data-testid="settings-recordings-disk-bar"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${usedPercent}%` }} />
            </div>
            <p className="text-foreground-muted" data-testid="settings-recordings-disk-free">
              {t('events:settings.diskFree', { free: formatSize(disk.freeBytes!, i18n.language), total: formatSize(disk.totalBytes!, i18n.language) })}
            </p>
          </>
        ) : (
          <p className="text-foreground-muted">{t('events:settings.diskUnknown')}</p>
        )}
      </div>
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

function RecordingsForm({ initial, canEdit, canMovePath }: { initial: RecordingSettings; canEdit: boolean; canMovePath: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateRecordingSettings();
  const [active, setActive] = useState(initial.active);
  const [path, setPath] = useState(initial.path);
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const [maxSize, setMaxSize] = useState(initial.maxSizeGB === null ? '' : String(initial.maxSizeGB));
  const [minFree, setMinFree] = useState(initial.minFreeGB === null ? '' : String(initial.minFreeGB));
  const days = whole(removeAfter, 1, 3650);
  const max = positive(maxSize);
  const free = positive(minFree);
  const pathMissing = path.trim() === '';
  const valid = days !== null && max !== null && free !== null && !pathMissing;
  const readOnly = !canEdit;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || readOnly) return;
    save.mutate(
      { active, path: path.trim(), removeAfter: days, maxSizeGB: max ?? null, minFreeGB: free ?? null },
      { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="settings-recordings-form">
      {readOnly ? <ReadOnlyNote /> : null}
      <Card title={t('events:settings.recordingsTitle')} description={t('events:settings.recordingsHint')}>
        <div className="flex flex-col gap-4">
          <Checkbox
            label={t('events:settings.recordingsActive')}
            checked={active}
            disabled={readOnly}
            onChange={(e) => setActive(e.target.checked)}
            data-testid="settings-recordings-active"
          />
          <TextField
            label={t('events:settings.path')}
            hint={t(canMovePath ? 'events:settings.pathHint' : 'events:settings.pathAdminOnly')}
            value={path}
            readOnly={readOnly || !canMovePath}
            error={pathMissing ? t('validation.PATH_REQUIRED') : fieldError(t, save.error, 'path')}
            onChange={(e) => setPath(e.target.value)}
            data-testid="settings-recordings-path"
          />
          <TextField
            type="number"
            readOnly={readOnly}
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
              readOnly={readOnly}
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
              readOnly={readOnly}
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
      <DiskUse disk={initial.disk} />
      <Card title={t('events:settings.fileOnlyTitle')} description={t('events:settings.fileOnlyHint')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('events:settings.type')} value={t(`events:recordingTypes.${initial.type}`)} readOnly disabled data-testid="settings-recordings-type" />
          <TextField label={t('events:settings.timer')} value={String(initial.timer)} readOnly disabled data-testid="settings-recordings-timer" />
        </div>
      </Card>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={!valid || save.isPending} data-testid="settings-recordings-submit">
            {t('events:settings.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function NotificationsForm({ initial, canEdit }: { initial: NotificationSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateNotificationSettings();
  const [active, setActive] = useState(initial.active);
  const [removeAfter, setRemoveAfter] = useState(String(initial.removeAfter));
  const hours = whole(removeAfter, 1, 8760);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hours === null || !canEdit) return;
    save.mutate({ active, removeAfter: hours }, { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError });
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
            min={1}
            max={8760}
            error={hours === null ? t('events:settings.invalidNumber') : null}
            onChange={(e) => setRemoveAfter(e.target.value)}
            data-testid="settings-notifications-remove-after"
          />
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

/** /settings/recordings: editable with settings:recordings:edit (or admin), read-only with settings:recordings:access. */
export function RecordingsSettingsView() {
  const { t } = useTranslation();
  const settings = useRecordingSettings();
  return (
    <>
      <PageTitle>{t('routes.settingsRecordings')}</PageTitle>
      <QueryStatus query={settings} />
      {settings.data ? <RecordingsForm initial={settings.data} canEdit={settings.canEdit} canMovePath={settings.canMovePath} /> : null}
    </>
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
    </>
  );
}
