import type { ReactNode } from 'react';

/**
 * The page's <h1>, its subtitle and the page's own buttons (filters, view mode, delete all). The buttons sit
 * beside the title and wrap below it when the line is too short (a phone, a long French or German title),
 * with the same spacing either way.
 */
export function PageTitle({ children, subtitle, actions }: { children: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  const title = (
    <>
      <h1 data-testid="page-title" className="text-xl font-semibold tracking-tight hyphens-auto break-words text-foreground sm:text-2xl">
        {children}
      </h1>
      {subtitle ? <p className="mt-1 text-sm text-foreground-muted">{subtitle}</p> : null}
    </>
  );
  if (!actions) return <div className="mb-6">{title}</div>;
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">{title}</div>
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
    </div>
  );
}
