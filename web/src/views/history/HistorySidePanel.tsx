import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@homecam/shared';
import { ExportList } from '../../components/exports/ExportList';
import { ReviewPanel } from '../../components/review/ReviewPanel';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { useReviewList } from '../../hooks/use-review';

export const HISTORY_TABS = ['review', 'exports'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

/** Beside the player (below it on a phone): review items and the user's exports, as two tabs. */
export function HistorySidePanel({ cameras, tab, onTab, onOpen }: { cameras: readonly string[]; tab: HistoryTab; onTab: (tab: HistoryTab) => void; onOpen: (item: ReviewItem) => void }) {
  const { t } = useTranslation();
  const [onlyUnreviewed, setOnlyUnreviewed] = useState(true);
  const { unreviewed } = useReviewList(cameras, onlyUnreviewed);
  const labels: Record<HistoryTab, string> = {
    review: unreviewed ? `${t('history:review.title')} (${unreviewed > 99 ? '99+' : unreviewed})` : t('history:review.title'),
    exports: t('history:export.title'),
  };
  return (
    <Card className="p-3! sm:p-4! lg:w-80 lg:shrink-0">
      <div role="tablist" className="mb-3 flex gap-1 border-b border-border">
        {HISTORY_TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => onTab(value)}
            className={cn('-mb-px h-9 border-b-2 px-3 text-sm font-medium', tab === value ? 'border-primary text-foreground' : 'border-transparent text-foreground-muted')}
            data-testid={`history-tab-${value}`}
          >
            {labels[value]}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'review' ? <ReviewPanel cameras={cameras} onlyUnreviewed={onlyUnreviewed} onFilter={setOnlyUnreviewed} onOpen={onOpen} /> : <ExportList />}
      </div>
    </Card>
  );
}
