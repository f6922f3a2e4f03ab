import type { SessionUser } from '@homecam/shared';
import { canAccess, ROUTES, type RouteDef, type RouteKey } from '../../routing/route-table';
import { landingPath } from '../../stores/session/session-machine';

/**
 * What the navigation guard does with a route, once the session is known (spec §4, §5, §8).
 * Pure, so the whole access matrix is unit-tested without a router.
 */
export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Missing permission: error toast '{route name}: Permission required', then the account page. */
  | { kind: 'deny'; to: string; routeKey: RouteKey; titleKey: string };

export function decideNavigation(route: RouteDef, user: SessionUser | null, lastPage: string | null): NavigationDecision {
  if (route.access.kind === 'public') {
    // The login page has nothing to offer a signed-in user.
    if (route.key === 'login' && user) return { kind: 'redirect', to: landingPath(user, lastPage) };
    return { kind: 'allow' };
  }
  if (!user) return { kind: 'redirect', to: ROUTES.login.path };
  // Whoever owes the credential change may do nothing else, and must be able to do that (else /start
  // would deny and the account page would send back to /start, forever).
  if (user.mustChangeCredentials) {
    return route.key === 'start' ? { kind: 'allow' } : { kind: 'redirect', to: ROUTES.start.path };
  }
  // Issue 21: the same for a second factor the system requires (the server refuses everything else anyway).
  if (user.secondFactorEnrolmentDue === true) {
    return route.key === 'enrol' ? { kind: 'allow' } : { kind: 'redirect', to: ROUTES.enrol.path };
  }
  if (route.key === 'enrol') return { kind: 'redirect', to: landingPath(user, lastPage) };
  if (!canAccess(route.access, user)) {
    return { kind: 'deny', to: ROUTES['settings-account'].path, routeKey: route.key, titleKey: route.titleKey };
  }
  if (route.redirectTo) return { kind: 'redirect', to: route.redirectTo };
  return { kind: 'allow' };
}
