import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';

/** Which cameras the History timeline shows: one toggle per camera (at least one stays on). */
export function CameraChips({ cameras, selected, onChange }: { cameras: readonly string[]; selected: readonly string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  const toggle = (camera: string) => {
    const next = selected.includes(camera) ? selected.filter((c) => c !== camera) : cameras.filter((c) => c === camera || selected.includes(c));
    if (next.length > 0) onChange(next);
  };
  return (
    <div role="group" aria-label={t('history:cameras')} className="flex flex-wrap gap-2" data-testid="history-cameras">
      {cameras.map((camera) => (
        <button
          key={camera}
          type="button"
          aria-pressed={selected.includes(camera)}
          onClick={() => toggle(camera)}
          className={cn('h-8 rounded-full border px-3 text-sm', selected.includes(camera) ? 'border-primary bg-primary-soft text-foreground' : 'border-border text-foreground-muted hover:bg-muted')}
          data-testid="history-camera-chip"
          data-camera={camera}
        >
          {camera}
        </button>
      ))}
    </div>
  );
}
