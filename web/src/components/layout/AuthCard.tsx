import type { ReactNode } from 'react';
import { Logo } from './Logo';

export interface AuthCardProps {
  title: string;
  intro: string;
  /** The first-start form has more fields side by side than sign-in. */
  width?: 'sm' | 'md';
  children: ReactNode;
}

/** The centred card of the pages without chrome (sign-in, first start): logo, title, introduction, then the form. */
export function AuthCard({ title, intro, width = 'sm', children }: AuthCardProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className={`w-full ${width === 'md' ? 'max-w-md' : 'max-w-sm'} rounded-2xl border border-border bg-surface p-6 shadow-panel sm:p-8`}>
        <Logo className="mb-6" />
        <h1 data-testid="page-title" className="text-2xl font-semibold text-foreground">
          {title}
        </h1>
        <p className="mt-1 mb-6 text-sm text-foreground-muted">{intro}</p>
        {children}
      </div>
    </main>
  );
}
