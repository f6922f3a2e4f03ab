import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraRecordingFields, RECORDING_MODES, RECORDING_STREAMS, type CameraFootageStats, type RecordingMode, type RecordingStream } from '@homecam/shared';
import { numberRule, optionalNumberField, rangeOf } from '../../forms/field-validation';
import { useUpdateCameraRecording, type CameraRecordingPatch } from '../../hooks/use-continuous-settings';
import { useToast } from '../../hooks/use-toast';
import { formatSize } from '../../lib/event-format';
import { Card } from '../ui/Card';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

const capSchema = cameraRecordingFields.recordingMaxSizeGB;

/** The camera's own cap as typed: saved when the field is left with a valid, changed value (empty: the default cap). */
function CapField({ stats, ownCap, disabled, onSave }: { stats: CameraFootageStats; ownCap: number | null; disabled: boolean; onSave: (cap: number | null) => void }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(ownCap === null ? '' : String(ownCap));
  const value = optionalNumberField(capSchema.unwrap(), text);
  const commit = () => {
    if (value === null) return;
    const next = value ?? null;
    if (next !== ownCap) onSave(next);
  };
  return (
    <TextField
      type="number"
      step="any"
      label={t('history:settings.cameraCap')}
      hint={ownCap === null && stats.maxSizeGB !== null ? t('history:settings.defaultCap', { size: stats.maxSizeGB }) : t('events:settings.optional')}
      readOnly={disabled}
      value={text}
      {...rangeOf(capSchema)}
      error={value === null ? numberRule(t, capSchema, i18n.language) : null}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      data-testid="settings-camera-cap"
    />
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-foreground-muted">{label}</dt>
      <dd className="text-sm tabular-nums text-foreground" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** All cameras together: held, per day, and how long the overall cap and the disk last at that rate. */
export interface OverallFootage {
  totalBytes: number;
  bytesPerDay: number;
  capDays: number | null;
  diskDays: number | null;
}

function OverallStats({ overall }: { overall: OverallFootage }) {
  const { t, i18n } = useTranslation();
  const days = (value: number | null) => (value === null ? t('history:settings.capUnknown') : t('history:settings.days', { count: Math.floor(value), value: value.toLocaleString(i18n.language) }));
  return (
    <dl className="mb-3 grid grid-cols-2 gap-3 rounded-lg bg-muted p-3 sm:grid-cols-4" data-testid="settings-footage-overall">
      <Stat label={t('history:settings.totalHeld')} value={formatSize(overall.totalBytes, i18n.language)} testId="settings-footage-total" />
      <Stat label={t('history:settings.perDay')} value={formatSize(overall.bytesPerDay, i18n.language)} testId="settings-footage-per-day" />
      <Stat label={t('history:settings.overallCapHolds')} value={days(overall.capDays)} testId="settings-footage-cap-days" />
      <Stat label={t('history:settings.diskHolds')} value={days(overall.diskDays)} testId="settings-footage-disk-days" />
    </dl>
  );
}

export interface CameraFootageRow {
  stats: CameraFootageStats;
  /** The camera's own `recordingMaxSizeGB` (null: it follows the default). */
  ownCap: number | null;
  hasSubStream: boolean;
}

function CameraFootageItem({ row, canEdit }: { row: CameraFootageRow; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const update = useUpdateCameraRecording();
  const { stats } = row;
  const save = (patch: CameraRecordingPatch) => update.mutate({ camera: stats.camera, patch }, { onSuccess: () => toast.success(t('events:settings.saved')), onError: toast.apiError });
  const size = (bytes: number) => formatSize(bytes, i18n.language);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="settings-camera-footage" data-camera={stats.camera}>
      <h3 className="text-sm font-semibold text-foreground">{stats.camera}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label={t('history:settings.mode')}
          value={stats.mode}
          disabled={!canEdit || update.isPending}
          options={RECORDING_MODES.map((mode) => ({ value: mode, label: t(`history:settings.modes.${mode}`) }))}
          onChange={(e) => save({ recordingMode: e.target.value as RecordingMode })}
          data-testid="settings-camera-mode"
        />
        <Select
          label={t('history:settings.stream')}
          value={stats.stream}
          disabled={!canEdit || update.isPending || (!row.hasSubStream && stats.stream === 'main')}
          options={RECORDING_STREAMS.filter((stream) => stream === 'main' || row.hasSubStream || stats.stream === 'sub').map((stream) => ({ value: stream, label: t(`history:settings.streams.${stream}`) }))}
          onChange={(e) => save({ recordingStream: e.target.value as RecordingStream })}
          data-testid="settings-camera-stream"
        />
        <CapField key={String(row.ownCap)} stats={stats} ownCap={row.ownCap} disabled={!canEdit || update.isPending} onSave={(cap) => save({ recordingMaxSizeGB: cap })} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={t('history:settings.held')} value={size(stats.bytes)} testId="settings-camera-bytes" />
        <Stat label={t('history:settings.daysHeld')} value={t('history:settings.days', { count: Math.floor(stats.daysHeld), value: stats.daysHeld.toLocaleString(i18n.language) })} testId="settings-camera-days" />
        <Stat label={t('history:settings.perDay')} value={size(stats.bytesPerDay)} testId="settings-camera-per-day" />
        <Stat
          label={t('history:settings.capHolds')}
          value={stats.capDays === null ? t('history:settings.capUnknown') : t('history:settings.days', { count: Math.floor(stats.capDays), value: stats.capDays.toLocaleString(i18n.language) })}
          testId="settings-camera-cap-days"
        />
      </dl>
    </li>
  );
}

/**
 * Per camera: recording mode (off, events, continuous), stream, its own cap, and what is held: bytes, days, bytes per
 * day and "at this rate the cap holds N days". Changing these is a camera setting (settings:cameras:edit).
 */
export function CameraFootageTable({ rows, overall, canEdit }: { rows: readonly CameraFootageRow[]; overall: OverallFootage; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('history:settings.camerasTitle')} description={t(canEdit ? 'history:settings.camerasHint' : 'history:settings.camerasReadOnly')}>
      <OverallStats overall={overall} />
      {rows.length === 0 ? <p className="text-sm text-foreground-muted">{t('history:settings.noCameras')}</p> : null}
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <CameraFootageItem key={row.stats.camera} row={row} canEdit={canEdit} />
        ))}
      </ul>
    </Card>
  );
}
