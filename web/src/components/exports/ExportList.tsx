import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '@homecam/shared';
import { useDeleteExport, useExports, useRenameExport } from '../../hooks/use-exports';
import { useToast } from '../../hooks/use-toast';
import { formatMoment, formatSpan } from '../../lib/time-format';
import { isFinished, progressPercent } from '../../lib/export-list';
import { formatSize } from '../../lib/event-format';
import { QueryStatus } from '../layout/QueryStatus';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EditIcon, TrashIcon } from '../ui/icons';
import { DownloadIcon } from '../ui/playback-icons';

const iconButton = 'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-muted';

function ExportName({ job, onRename }: { job: ExportJob; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null) {
    return (
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate text-sm font-medium text-foreground" data-testid="export-item-name">{job.name}</span>
        <button type="button" className={iconButton} aria-label={t('history:export.rename')} title={t('history:export.rename')} onClick={() => setEditing(job.name)} data-testid="export-item-rename">
          <EditIcon width={16} height={16} />
        </button>
      </span>
    );
  }
  const save = () => {
    const name = editing.trim();
    if (name && name !== job.name) onRename(name);
    setEditing(null);
  };
  return (
    <input
      aria-label={t('history:export.name')}
      className="h-9 w-full min-w-0 rounded-lg border border-border bg-background px-2 text-sm text-foreground outline-none focus:border-primary"
      value={editing}
      maxLength={120}
      autoFocus
      onChange={(e) => setEditing(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') setEditing(null);
      }}
      data-testid="export-item-name-input"
    />
  );
}

function ExportRow({ job, onDelete, onRename }: { job: ExportJob; onDelete: () => void; onRename: (name: string) => void }) {
  const { t, i18n } = useTranslation();
  const percent = progressPercent(job);
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-border bg-surface-raised p-2" data-testid="export-item" data-status={job.status} data-id={job.id}>
      <div className="flex items-center gap-1">
        <div className="min-w-0 flex-1">
          <ExportName job={job} onRename={onRename} />
        </div>
        {job.status === 'done' && job.download ? (
          <a href={job.download} download className={iconButton} aria-label={t('history:export.download')} title={t('history:export.download')} data-testid="export-item-download">
            <DownloadIcon width={18} height={18} />
          </a>
        ) : null}
        <button type="button" className={iconButton} aria-label={t('history:export.delete')} title={t('history:export.delete')} onClick={onDelete} data-testid="export-item-delete">
          <TrashIcon width={18} height={18} />
        </button>
      </div>
      <span className="text-xs tabular-nums text-foreground-muted">
        {job.camera} · {formatMoment(job.from, i18n.language)} · {formatSpan(job.to - job.from)}
        {job.status === 'done' ? ` · ${formatSize(job.bytes, i18n.language)}` : ''}
      </span>
      {!isFinished(job) ? (
        <div className="flex items-center gap-2">
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('history:export.progress')}>
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-xs tabular-nums text-foreground-muted" data-testid="export-item-progress">
            {job.status === 'queued' ? t('history:export.queued') : `${percent} %`}
          </span>
        </div>
      ) : null}
      {job.status === 'failed' ? (
        <p className="text-xs text-danger" title={job.error ?? undefined} data-testid="export-item-error">
          {t('history:export.failed')}
        </p>
      ) : null}
    </li>
  );
}

/** The user's exports (an admin: everyone's), newest first: progress while they run, download, rename, delete. */
export function ExportList() {
  const { t } = useTranslation();
  const toast = useToast();
  const exports = useExports();
  const remove = useDeleteExport();
  const rename = useRenameExport();
  const [doomed, setDoomed] = useState<ExportJob | null>(null);
  return (
    <div className="flex flex-col gap-2" data-testid="export-list">
      <QueryStatus query={exports} />
      {exports.isSuccess && exports.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-foreground-muted" data-testid="export-empty">
          {t('history:export.empty')}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {(exports.data ?? []).map((job) => (
          <ExportRow key={job.id} job={job} onDelete={() => setDoomed(job)} onRename={(name) => rename.mutate({ id: job.id, name }, { onError: toast.apiError })} />
        ))}
      </ul>
      <ConfirmDialog
        open={doomed !== null}
        title={t('history:export.deleteTitle')}
        message={t('history:export.deleteMessage', { name: doomed?.name ?? '' })}
        confirmLabel={t('history:export.delete')}
        cancelLabel={t('history:export.cancel')}
        busy={remove.isPending}
        onConfirm={() => doomed && remove.mutate(doomed.id, { onSuccess: () => setDoomed(null), onError: toast.apiError })}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
