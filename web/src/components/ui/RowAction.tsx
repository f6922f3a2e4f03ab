import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * An icon button in a list row (Settings → Users, the admin's list of API tokens): its label is both the accessible
 * name and the tooltip, so an icon never stands alone.
 */
export function RowAction({ label, testId, onClick, children }: { label: string; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="icon" onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      {children}
    </Button>
  );
}
