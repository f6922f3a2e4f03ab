import { NOTIFICATION_BADGE_CAP } from '@homecam/shared';

/** Spec §2: the bell badge shows the count capped at 99+, and a dot (no number) at 0. */
export type BadgeContent = { kind: 'dot' } | { kind: 'count'; text: string };

export function formatBadge(count: number): BadgeContent {
  if (!Number.isFinite(count) || count <= 0) return { kind: 'dot' };
  return { kind: 'count', text: count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(Math.floor(count)) };
}
