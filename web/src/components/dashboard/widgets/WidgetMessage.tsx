import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/**
 * A widget's whole-body message: a hint (no settings yet), a spinner, or a translated error. Errors are an alert
 * inside the widget, never a thrown render, so one failing source leaves the rest of the board intact.
 */
export function WidgetMessage({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <div
      role={error ? 'alert' : undefined}
      className={cn('flex h-full min-h-0 items-center justify-center overflow-auto p-3 text-center text-sm', error ? 'text-danger' : 'text-foreground-muted')}
    >
      {children}
    </div>
  );
}
