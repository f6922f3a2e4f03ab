import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { ChevronIcon } from '../ui/media-icons';

export interface CameraFormSectionProps {
  id: string;
  title: string;
  hint?: string;
  open: boolean;
  /** Fields with a problem inside: the header says so while closed. */
  invalid?: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One group of the camera form as an accordion panel. */
export function CameraFormSection({ id, title, hint, open, invalid, onToggle, children }: CameraFormSectionProps) {
  const panelId = `camera-form-${id}`;
  return (
    <section className="border-b border-border last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          data-testid={`camera-form-group-${id}`}
          className="flex w-full items-center gap-2 py-3 text-left text-sm font-semibold text-foreground"
        >
          <ChevronIcon width={16} height={16} className={cn('shrink-0 text-foreground-muted transition-transform', open && 'rotate-90')} />
          <span className="flex-1">{title}</span>
          {invalid ? <span className="h-2 w-2 rounded-full bg-danger" aria-hidden="true" /> : null}
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="pb-4">
        {hint ? <p className="mb-3 text-xs text-foreground-muted">{hint}</p> : null}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
      </div>
    </section>
  );
}
