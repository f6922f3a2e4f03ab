import { useTranslation } from 'react-i18next';
import { activeFilterCount, type EventFilters } from '../../lib/event-filters';
import { Button } from '../ui/Button';

export function FilterButton({ filters, onClick }: { filters: EventFilters; onClick: () => void }) {
  const { t } = useTranslation();
  const count = activeFilterCount(filters);
  return (
    <Button variant="secondary" size="sm" onClick={onClick} data-testid="events-filter-open" data-active={count}>
      {t('events:filters.open')}
      {count > 0 ? <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{count}</span> : null}
    </Button>
  );
}
