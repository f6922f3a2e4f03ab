import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      className={cn('inline-block h-6 w-6 animate-spin rounded-full border-2 border-border border-t-primary', className)}
    />
  );
}
