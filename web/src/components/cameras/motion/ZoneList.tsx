import { useTranslation } from 'react-i18next';
import type { MotionZone } from '@homecam/shared';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { TrashIcon } from '../../ui/icons';

export interface ZoneListProps {
  zones: readonly MotionZone[];
  selected: number | null;
  disabled: boolean;
  onSelect: (index: number) => void;
  onRemove: (index: number) => void;
}

/** The finished zones by number: select one to highlight it on the picture, or remove it. */
export function ZoneList({ zones, selected, disabled, onSelect, onRemove }: ZoneListProps) {
  const { t } = useTranslation();
  if (zones.length === 0) {
    return (
      <p className="text-sm text-foreground-muted" data-testid="zone-list-empty">
        {t('cameras:motion.noZones')}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-1" data-testid="zone-list">
      {zones.map((zone, index) => (
        <li key={index} className={cn('flex items-center gap-2 rounded-md px-2 py-1', selected === index && 'bg-primary-soft')} data-testid={`zone-item-${index}`}>
          <button
            type="button"
            className="flex-1 text-left text-sm text-foreground"
            aria-pressed={selected === index}
            onClick={() => onSelect(index)}
            data-testid={`zone-select-${index}`}
          >
            {t('cameras:motion.zoneLabel', { number: index + 1, points: zone.coords.length })}
          </button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onRemove(index)}
            disabled={disabled}
            aria-label={t('cameras:motion.deleteZone', { number: index + 1 })}
            data-testid={`zone-delete-${index}`}
          >
            <TrashIcon />
          </Button>
        </li>
      ))}
    </ul>
  );
}
