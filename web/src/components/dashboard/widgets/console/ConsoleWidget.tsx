import { LOG_ENTRY_LEVELS, type ConsoleWidgetSettings } from '@homecam/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogStream } from '../../../../hooks/use-log-stream';
import { LogRow } from '../../../console/LogRow';
import type { WidgetProps } from '../../widget-types';

/** Entries the widget keeps, so a level filter still has enough lines to show. */
const WIDGET_BUFFER = 200;

/** The newest server log lines, live (admins only): the small sibling of /console. */
export function ConsoleWidget({ settings }: WidgetProps<ConsoleWidgetSettings>) {
  const { t } = useTranslation();
  const stream = useLogStream(WIDGET_BUFFER);
  const min = LOG_ENTRY_LEVELS.indexOf(settings.minLevel);
  const lines = useMemo(
    () => stream.entries.filter((entry) => LOG_ENTRY_LEVELS.indexOf(entry.level) >= min).slice(-settings.lines),
    [stream.entries, min, settings.lines],
  );
  return (
    <div className="flex h-full min-h-0 flex-col gap-1" data-testid="console-widget">
      <div className="min-h-0 flex-1 overflow-y-auto rounded-lg bg-surface" role="log">
        {lines.length === 0 ? <p className="p-2 text-sm text-foreground-muted">{t('console:empty')}</p> : null}
        {lines.map((entry) => (
          <LogRow key={`${entry.seq}-${entry.time}`} entry={entry} compact />
        ))}
      </div>
      <Link to="/console" className="self-end text-xs text-primary hover:underline">
        {t('console:widget.more')}
      </Link>
    </div>
  );
}
