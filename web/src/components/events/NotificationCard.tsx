import { useTranslation } from 'react-i18next';
import type { Notification } from '@homecam/shared';
import { cn } from '../ui/cn';
import { BellIcon, TrashIcon } from '../ui/icons';
import { PlayIcon } from '../ui/media-icons';
import { formatTime, notificationMessage } from '../../lib/event-format';
import { objectLabelName } from '../../lib/object-labels';

export interface NotificationCardProps {
  notification: Notification;
  /** Shown only to users who may delete. */
  onDelete?: () => void;
  /** Set when there is something to open (a recording or a thumbnail). */
  onOpen?: () => void;
  compact?: boolean;
}

const LEVEL: Record<Notification['level'], string> = { event: 'border-l-primary', WARN: 'border-l-warning', ERROR: 'border-l-danger' };

export function NotificationCard({ notification, onDelete, onOpen, compact }: NotificationCardProps) {
  const { t, i18n } = useTranslation();
  const n = notification;
  const thumb = n.thumbnail ? (
    <img src={n.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
  ) : (
    <span className="flex h-full w-full items-center justify-center text-foreground-muted">
      <BellIcon width={20} height={20} />
    </span>
  );
  return (
    <li
      className={cn('flex items-center gap-3 rounded-lg border border-border border-l-4 bg-surface-raised p-2', LEVEL[n.level])}
      data-testid={`notification-card-${n.id}`}
      data-notification-type={n.type}
    >
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('events:notifications.open', { camera: n.camera ?? n.title })}
          className={cn('relative shrink-0 overflow-hidden rounded bg-muted', compact ? 'h-12 w-20' : 'h-16 w-28')}
          data-testid={`notification-open-${n.id}`}
        >
          {thumb}
          {n.recordingId ? (
            <span className="absolute inset-0 flex items-center justify-center bg-video-scrim text-on-video">
              <PlayIcon width={18} height={18} />
            </span>
          ) : null}
        </button>
      ) : (
        <span className={cn('shrink-0 overflow-hidden rounded bg-muted', compact ? 'h-12 w-20' : 'h-16 w-28')}>{thumb}</span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-foreground">
          {n.camera ?? n.title}
          {n.room ? <span className="font-normal text-foreground-muted"> · {n.room}</span> : null}
        </p>
        <p className="truncate text-sm text-foreground">{notificationMessage(n, t)}</p>
        {n.labels?.length ? <DetectedLabels id={n.id} labels={n.labels} /> : null}
        <p className="text-xs text-foreground-muted">
          <time dateTime={n.timestamp}>{formatTime(n.timestamp, i18n.language)}</time>
          {' · '}
          {t(`events:types.${n.type}`)}
        </p>
      </div>
      {onDelete ? (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('events:notifications.delete')}
          className="shrink-0 rounded p-2 text-foreground-muted hover:bg-muted hover:text-danger"
          data-testid={`notification-delete-${n.id}`}
        >
          <TrashIcon width={18} height={18} />
        </button>
      ) : null}
    </li>
  );
}

/** What the detector saw: the shared vocabulary translated, other names (an own model's) as stored. */
function DetectedLabels({ id, labels }: { id: string; labels: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-0.5 flex flex-wrap gap-1" aria-label={t('events:labels.detected')} data-testid={`notification-labels-${id}`}>
      {labels.map((label) => (
        <li key={label} className="rounded bg-muted px-1.5 py-0.5 text-xs text-foreground">
          {objectLabelName(t, label)}
        </li>
      ))}
    </ul>
  );
}
