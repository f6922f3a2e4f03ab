import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';
import { SOURCE_CHIPS, type ChipId } from './log-filter';

function Chip({ id, label, on, onToggle }: { id: ChipId; label: string; on: boolean; onToggle: (id: ChipId) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => onToggle(id)}
      data-testid={`console-chip-${id}`}
      className={cn(
        'h-8 shrink-0 rounded-full border px-3 text-sm transition-colors',
        on ? 'border-primary bg-primary-soft text-foreground' : 'border-border bg-surface text-foreground-muted hover:bg-muted',
      )}
    >
      {label}
    </button>
  );
}

/** Source chips, then one chip per camera: one sideways-scrolling row on a phone, wrapping lines on wider screens. None on = everything shown. */
export function FilterChips({ chips, cameras, onToggle }: { chips: ReadonlySet<ChipId>; cameras: readonly string[]; onToggle: (id: ChipId) => void }) {
  const { t } = useTranslation();
  return (
    <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible" role="group" aria-label={t('console:filters.label')}>
      {SOURCE_CHIPS.map((source) => (
        <Chip key={source} id={`source:${source}`} label={t(`console:sources.${source}`)} on={chips.has(`source:${source}`)} onToggle={onToggle} />
      ))}
      {cameras.map((camera) => (
        <Chip key={camera} id={`camera:${camera}`} label={camera} on={chips.has(`camera:${camera}`)} onToggle={onToggle} />
      ))}
    </div>
  );
}
