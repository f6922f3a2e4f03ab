import { useTranslation } from 'react-i18next';
import type { Recording } from '@homecam/shared';
import { cn } from '../ui/cn';
import { ImageIcon, PlayIcon, VideoIcon } from '../ui/media-icons';
import { formatDuration, formatSize, formatTime } from '../../lib/event-format';
import { objectLabelName } from '../../lib/object-labels';

export interface RecordingItemProps {
  recording: Recording;
  mode: 'grid' | 'list';
  /** Undefined: the user may not delete, so no checkbox. */
  selected?: boolean;
  onSelect?: () => void;
  onOpen: () => void;
}

/** A recording as a card (grid) or a row (list): thumbnail, camera, room, time, length; a checkbox to select it. */
export function RecordingItem({ recording: r, mode, selected, onSelect, onOpen }: RecordingItemProps) {
  const { t, i18n } = useTranslation();
  const busy = r.status === 'recording';
  // The camera sent no video: only the trigger's picture is there, nothing to play.
  const failed = r.status === 'failed';
  const thumb = (
    <button
      type="button"
      onClick={onOpen}
      disabled={busy || failed}
      aria-label={t('events:recordings.open', { camera: r.camera })}
      className={cn('relative shrink-0 overflow-hidden bg-video', mode === 'grid' ? 'aspect-video w-full' : 'h-14 w-24 rounded')}
      data-testid={`recording-open-${r.id}`}
    >
      {r.thumbnail && !busy ? <img src={r.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
      <span className="absolute inset-0 flex items-center justify-center text-on-video">
        {busy ? <span className="rounded bg-danger px-2 py-0.5 text-xs text-on-status">{t('events:recordings.recording')}</span> : r.type === 'Video' && !failed ? <PlayIcon width={22} height={22} /> : null}
      </span>
    </button>
  );
  const details = (
    <div className="min-w-0 flex-1">
      <p className="truncate text-sm font-semibold text-foreground">
        {r.camera} <span className="font-normal text-foreground-muted">· {r.room}</span>
      </p>
      <p className="flex items-center gap-1 text-xs text-foreground-muted">
        {r.type === 'Video' ? <VideoIcon width={14} height={14} /> : <ImageIcon width={14} height={14} />}
        <time dateTime={r.startedAt}>{formatTime(r.startedAt, i18n.language)}</time>
      </p>
      <p className="text-xs text-foreground-muted">
        {r.labels?.length ? r.labels.map((label) => objectLabelName(t, label)).join(', ') : t(`events:labels.${r.label === 'doorbell' ? 'doorbell' : 'motion'}`)}
        {failed ? null : `${r.type === 'Video' ? ` · ${formatDuration(r.durationMs)}` : ''} · ${formatSize(r.sizeBytes, i18n.language)}`}
      </p>
      {failed ? (
        <p className="text-xs text-danger" data-testid={`recording-failed-${r.id}`}>
          {t('events:recordings.failed')}
        </p>
      ) : null}
    </div>
  );
  const check =
    onSelect && selected !== undefined ? (
      <input
        type="checkbox"
        checked={selected}
        onChange={onSelect}
        aria-label={t('events:recordings.select', { camera: r.camera })}
        className="h-5 w-5 shrink-0 accent-primary"
        data-testid={`recording-select-${r.id}`}
      />
    ) : null;
  return (
    <li
      className={cn(
        'overflow-hidden rounded-lg border bg-surface-raised',
        selected ? 'border-primary' : 'border-border',
        mode === 'grid' ? 'flex flex-col' : 'flex items-center gap-3 p-2',
      )}
      data-testid={`recording-item-${r.id}`}
      data-status={r.status}
    >
      {mode === 'grid' ? (
        <>
          {thumb}
          <div className="flex items-start gap-2 p-2">
            {details}
            {check}
          </div>
        </>
      ) : (
        <>
          {check}
          {thumb}
          {details}
        </>
      )}
    </li>
  );
}
