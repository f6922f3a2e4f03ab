import type { ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps {
  title?: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** A titled panel; settings pages are made of these. */
export function Card({ title, description, children, className }: CardProps) {
  return (
    <section className={cn('rounded-xl border border-border bg-surface p-4 sm:p-6', className)}>
      {title ? <h2 className="text-base font-semibold text-foreground">{title}</h2> : null}
      {description ? <p className="mt-1 text-sm text-foreground-muted">{description}</p> : null}
      <div className={title || description ? 'mt-4' : undefined}>{children}</div>
    </section>
  );
}
