import type { ReactNode } from 'react';

export function PageTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight text-foreground">
        {children}
      </h1>
      {subtitle ? <p className="mt-1 text-sm text-foreground-muted">{subtitle}</p> : null}
    </div>
  );
}
