import type { LogEntry, LogEntryLevel } from '@homecam/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';

/** Level colours from the theme tokens (readable in light and dark). */
export const LEVEL_CLASSES: Record<LogEntryLevel, string> = {
  trace: 'text-foreground-muted',
  debug: 'text-foreground-muted',
  info: 'text-info',
  warn: 'text-warning',
  error: 'text-danger',
  fatal: 'text-danger font-bold',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** One log line: time, level, where from, message (wrapping; long tokens break). */
export function LogRow({ entry, compact = false }: { entry: LogEntry; compact?: boolean }) {
  const { t } = useTranslation();
  const time = new Date(entry.time);
  const where = entry.camera ?? t(`console:sources.${entry.source}`);
  return (
    <div className="flex gap-2 px-2 py-0.5 font-mono text-xs leading-5 text-foreground" data-testid="console-line" data-level={entry.level} data-source={entry.source}>
      <time dateTime={entry.time} title={entry.time} className="shrink-0 text-foreground-muted">
        {timeFormat.format(time)}
      </time>
      <span className={cn('w-11 shrink-0 uppercase', LEVEL_CLASSES[entry.level])}>{entry.level}</span>
      {compact ? null : <span className="hidden w-28 shrink-0 truncate text-primary sm:inline" title={where}>{where}</span>}
      <span className="min-w-0 flex-1 break-words [overflow-wrap:anywhere]">{entry.message}</span>
    </div>
  );
}
