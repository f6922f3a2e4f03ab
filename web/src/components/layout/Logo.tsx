import { cn } from '../ui/cn';

/** The HomeCam mark (a camera in the accent colour) and, when there is room, the name. */
export function Logo({ showName = true, className }: { showName?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0 text-primary">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <rect x="5" y="10" width="15" height="12" rx="2.5" className="fill-primary-foreground" />
        <path d="M20 14l7-3.5v11L20 18z" className="fill-primary-foreground" />
        <circle cx="12.5" cy="16" r="3" fill="currentColor" />
      </svg>
      {showName ? <span className="text-lg font-semibold tracking-tight text-foreground">HomeCam</span> : null}
    </span>
  );
}
