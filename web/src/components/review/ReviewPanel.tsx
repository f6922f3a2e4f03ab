import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@homecam/shared';
import { useMarkAllReviewed, useReviewList, useSetReviewed } from '../../hooks/use-review';
import { useToast } from '../../hooks/use-toast';
import { formatMoment, formatSpan } from '../../lib/time-format';
import { LoadMore } from '../events/LoadMore';
import { QueryStatus } from '../layout/QueryStatus';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { CheckIcon } from '../ui/icons';

function ReviewRow({ item, onOpen, onToggle }: { item: ReviewItem; onOpen: () => void; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={cn('flex items-center gap-2 rounded-lg border border-border p-2', item.reviewed ? 'bg-surface' : 'bg-surface-raised')} data-testid="review-item" data-reviewed={item.reviewed} data-id={item.id}>
      <button type="button" onClick={onOpen} className="flex min-w-0 flex-1 flex-col items-start text-left" data-testid="review-item-open">
        <span className="flex w-full items-center gap-2">
          {!item.reviewed ? <span className="h-2 w-2 shrink-0 rounded-full bg-warning" aria-hidden="true" /> : null}
          <span className="truncate text-sm font-medium text-foreground">{item.camera}</span>
          <span className="ml-auto shrink-0 text-xs tabular-nums text-foreground-muted">{formatSpan(item.end - item.start)}</span>
        </span>
        <span className="text-xs tabular-nums text-foreground-muted">{formatMoment(item.start, i18n.language)}</span>
        <span className="mt-1 flex flex-wrap gap-1">
          {item.labels.map((label) => (
            <span key={label} className="rounded bg-muted px-1.5 text-xs text-foreground">
              {label}
            </span>
          ))}
          {item.events > 1 ? <span className="text-xs text-foreground-muted">{t('history:review.events', { count: item.events })}</span> : null}
        </span>
      </button>
      <button
        type="button"
        onClick={onToggle}
        aria-pressed={item.reviewed}
        aria-label={item.reviewed ? t('history:review.markUnreviewed') : t('history:review.markReviewed')}
        title={item.reviewed ? t('history:review.markUnreviewed') : t('history:review.markReviewed')}
        className={cn('inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md border', item.reviewed ? 'border-success bg-success text-on-status' : 'border-border text-foreground-muted hover:bg-muted')}
        data-testid="review-item-toggle"
      >
        <CheckIcon width={18} height={18} />
      </button>
    </li>
  );
}

/**
 * Review: what happened (overlapping events of a camera merged into one item), newest first, the user's
 * unreviewed count, a filter for the unreviewed ones, marking one or all reviewed; opening one plays it.
 */
export function ReviewPanel({ cameras, onlyUnreviewed, onFilter, onOpen }: { cameras: readonly string[]; onlyUnreviewed: boolean; onFilter: (only: boolean) => void; onOpen: (item: ReviewItem) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const list = useReviewList(cameras, onlyUnreviewed);
  const mark = useSetReviewed();
  const markAll = useMarkAllReviewed();
  const filters = [
    { only: true, label: t('history:review.unreviewed') },
    { only: false, label: t('history:review.all') },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="review-panel">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-foreground" data-testid="review-unreviewed-count" data-count={list.unreviewed ?? undefined}>
          {list.unreviewed !== null ? t('history:review.unreviewedCount', { count: list.unreviewed }) : ''}
        </span>
        <div role="group" aria-label={t('history:review.filter')} className="ml-auto inline-flex gap-1 rounded-lg bg-muted p-1">
          {filters.map((filter) => (
            <button
              key={String(filter.only)}
              type="button"
              aria-pressed={onlyUnreviewed === filter.only}
              onClick={() => onFilter(filter.only)}
              className={cn('h-7 rounded-md px-2 text-xs font-medium', onlyUnreviewed === filter.only ? 'bg-primary text-primary-foreground' : 'text-foreground')}
              data-testid={`review-filter-${filter.only ? 'unreviewed' : 'all'}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={markAll.isPending || list.unreviewed === 0}
        onClick={() => markAll.mutate(cameras, { onSuccess: (marked) => toast.success(t('history:review.markedAll', { count: marked })), onError: toast.apiError })}
        data-testid="review-mark-all"
      >
        {t('history:review.markAll')}
      </Button>
      <QueryStatus query={list} />
      {list.isSuccess && list.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-foreground-muted" data-testid="review-empty">
          {onlyUnreviewed ? t('history:review.allReviewed') : t('history:review.empty')}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {list.items.map((item) => (
          <ReviewRow key={item.id} item={item} onOpen={() => onOpen(item)} onToggle={() => mark.mutate({ id: item.id, reviewed: !item.reviewed }, { onError: toast.apiError })} />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
    </div>
  );
}
