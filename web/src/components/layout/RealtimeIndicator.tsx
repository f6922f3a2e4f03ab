import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '../../api/realtime-client';

/**
 * A brief drop (a server restart, Wi-Fi roaming) reconnects within a second or two; only a longer one
 * is worth the user's attention.
 */
const SHOW_AFTER_MS = 2000;

/** Tells the user that live updates (badge, camera states, new recordings) are paused until the server is back. */
export function RealtimeIndicator({ status, compact = false }: { status: RealtimeStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const [overdue, setOverdue] = useState(false);

  useEffect(() => {
    if (status !== 'reconnecting') return;
    const timer = setTimeout(() => setOverdue(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setOverdue(false);
    };
  }, [status]);

  if (status !== 'reconnecting' || !overdue) return null;
  return (
    <span
      role="status"
      data-testid="realtime-reconnecting"
      title={t('realtime.pausedHint')}
      className="inline-flex items-center gap-1.5 rounded-full border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-medium text-foreground"
    >
      <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-warning" />
      {compact ? <span className="sr-only">{t('realtime.reconnecting')}</span> : t('realtime.reconnecting')}
    </span>
  );
}
