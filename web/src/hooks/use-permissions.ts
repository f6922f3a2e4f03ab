import { hasAllPermissions, hasAnyPermission, type Permission } from '@homecam/shared';
import { canAccess, ROUTES, type RouteKey } from '../routing/route-table';
import { useCurrentUser } from './use-session';

/** Component-level check of spec §5: every listed permission (admin passes everything). */
export function useHasAllPermissions(required: readonly Permission[]): boolean {
  return hasAllPermissions(useCurrentUser()?.permissionLevel, required);
}

/** Any one of the listed permissions (admin passes everything). */
export function useHasAnyPermission(required: readonly Permission[]): boolean {
  return hasAnyPermission(useCurrentUser()?.permissionLevel, required);
}

/** Whether the signed-in user passes a route's guard (used to show or hide links). */
export function useRouteAccess(): (key: RouteKey) => boolean {
  const user = useCurrentUser();
  return (key) => canAccess(ROUTES[key].access, user);
}
