import type { LogEntry } from '@homecam/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { LogRow } from './LogRow';

/**
 * The log lines in a virtualized list: only the rows in view are in the DOM, so thousands of lines cost no more
 * than a screenful. It follows the tail until the user scrolls up, and offers a jump back to the newest line.
 */
export function LogList({ entries }: { entries: readonly LogEntry[] }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const lastTop = useRef(0);
  const [follow, setFollow] = useState(true);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer's functions are not memoised; they are used in this render only
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 22,
    overscan: 12,
    getItemKey: (index) => `${entries[index]?.seq ?? index}-${entries[index]?.time ?? ''}`,
  });

  useLayoutEffect(() => {
    if (follow && entries.length > 0) virtualizer.scrollToIndex(entries.length - 1, { align: 'end' });
  }, [entries, follow, virtualizer]);

  // A programmatic scroll to the end only moves down; a move up is the user's, and stops following.
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
    if (atBottom) setFollow(true);
    else if (element.scrollTop < lastTop.current) setFollow(false);
    lastTop.current = element.scrollTop;
  };

  useEffect(() => {
    lastTop.current = scroller.current?.scrollTop ?? 0;
  }, []);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface"
        data-testid="console-list"
        data-follow={follow}
        role="log"
        aria-live="off"
      >
        {entries.length === 0 ? <p className="p-4 text-center text-sm text-foreground-muted">{t('console:empty')}</p> : null}
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = entries[item.index];
            return entry ? (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="absolute left-0 top-0 w-full" style={{ transform: `translateY(${item.start}px)` }}>
                <LogRow entry={entry} />
              </div>
            ) : null;
          })}
        </div>
      </div>
      {follow ? null : (
        <Button size="sm" className="absolute bottom-3 right-3 shadow-panel" onClick={() => setFollow(true)} data-testid="console-follow">
          {t('console:follow')}
        </Button>
      )}
    </div>
  );
}
