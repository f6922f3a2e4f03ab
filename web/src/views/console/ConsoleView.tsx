import { LOG_ENTRY_LEVELS, type LogEntryLevel } from '@homecam/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterChips } from '../../components/console/FilterChips';
import { LogList } from '../../components/console/LogList';
import { cameraChips, EMPTY_FILTER, entryMatcher, toggleChip, type LogFilter } from '../../components/console/log-filter';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Select';
import { TextField } from '../../components/ui/TextField';
import { useCameraList } from '../../hooks/use-cameras';
import { useLogDownload } from '../../hooks/use-download';
import { useLogStream } from '../../hooks/use-log-stream';

/** The most lines the page keeps; older ones are dropped (the download has everything). */
export const CONSOLE_MAX_ENTRIES = 5_000;

/** /console (admin): the server log live, with filters by source, camera, level and text; pause, clear, download. */
export function ConsoleView() {
  const { t } = useTranslation();
  const stream = useLogStream(CONSOLE_MAX_ENTRIES);
  const cameras = useCameraList();
  const download = useLogDownload();
  const [filter, setFilter] = useState<LogFilter>(EMPTY_FILTER);
  const deferred = useDeferredValue(filter);
  const visible = useMemo(() => stream.entries.filter(entryMatcher(deferred)), [stream.entries, deferred]);
  const cameraNames = useMemo(() => cameraChips(stream.entries, cameras.data?.map((camera) => camera.name) ?? []), [stream.entries, cameras.data]);
  const levels = LOG_ENTRY_LEVELS.map((level) => ({ value: level, label: t(`console:levels.${level}`) }));

  return (
    <div className="flex h-[calc(100dvh-7rem)] min-h-[28rem] flex-col gap-3">
      <PageTitle
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={stream.paused ? stream.resume : stream.pause} data-testid="console-pause" aria-pressed={stream.paused}>
              {stream.paused ? t('console:resume', { n: stream.heldCount }) : t('console:pause')}
            </Button>
            <Button variant="secondary" size="sm" onClick={stream.clear} data-testid="console-clear">
              {t('console:clear')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void download.run()} disabled={download.busy} data-testid="console-download">
              {download.busy ? t('console:downloading') : t('console:download')}
            </Button>
          </>
        }
      >
        {t('console:title')}
      </PageTitle>
      <div className="flex items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label={t('console:search')}
          type="search"
          value={filter.text}
          onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          data-testid="console-search"
        />
        <Select
          className="w-32 shrink-0 sm:w-44"
          label={t('console:level')}
          options={levels}
          value={filter.minLevel}
          onChange={(event) => setFilter({ ...filter, minLevel: event.target.value as LogEntryLevel })}
          data-testid="console-level"
        />
      </div>
      <FilterChips chips={filter.chips} cameras={cameraNames} onToggle={(chip) => setFilter({ ...filter, chips: toggleChip(filter.chips, chip) })} />
      <QueryStatus query={{ isPending: stream.loading, error: stream.error }} errorTestId="console-error" />
      <p className="text-xs text-foreground-muted" data-testid="console-count">
        {t('console:count', { shown: visible.length, total: stream.entries.length })}
        {stream.paused ? ` · ${t('console:held', { n: stream.heldCount })}` : null}
      </p>
      <LogList entries={visible} />
    </div>
  );
}
