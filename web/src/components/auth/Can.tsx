import type { ReactNode } from 'react';
import type { Permission } from '@homecam/shared';
import { useHasAllPermissions } from '../../hooks/use-permissions';

export interface CanProps {
  /** Every one of these is needed (spec §5 component check); admin passes everything. */
  all: readonly Permission[];
  children: ReactNode;
  /** Shown instead when the check fails; nothing by default. */
  fallback?: ReactNode;
}

/** Renders its children only for a user who holds all the listed permissions. */
export function Can({ all, children, fallback = null }: CanProps) {
  return useHasAllPermissions(all) ? children : fallback;
}
