import { hasAnyPermission, isAdmin, type ErrorCode, type Permission } from '@homecam/shared';
import type { AuthContext } from '../../services/auth.service.js';

/** Who may call a route (docs/api-contract.md). Every route declares one in `config.access`. */
export type AccessRule = 'public' | 'signedIn' | 'admin' | 'selfOrAdmin' | { anyOf: readonly Permission[] };

export interface AccessRequest {
  rule: AccessRule;
  /** The signed-in caller, or null when there is no valid session. */
  auth: AuthContext | null;
  /** `:id` of users/:id routes, as sent (selfOrAdmin compares it with the caller). */
  targetUserId: string | undefined;
  /** Whether the route stays open while the caller still owes the first-start credential change. */
  allowDuringCredentialChange: boolean;
  /** Whether the route stays open while the caller must still set up a second factor (issue 21). */
  allowDuringSecondFactorEnrolment?: boolean;
  /** Issue 21: the route needs a session; an API token is refused. */
  sessionOnly?: boolean;
}

/**
 * The decision for a signed-in caller: null when allowed, else the error code to answer with.
 * (Anonymous callers are refused before this, with the reason their token failed.)
 */
export function accessDenial(request: AccessRequest & { auth: AuthContext }): ErrorCode | null {
  const { rule, auth } = request;
  if (rule === 'public') return null;
  if (auth.apiToken && request.sessionOnly === true) return 'SESSION_REQUIRED';
  const self = request.targetUserId !== undefined && request.targetUserId === String(auth.user.id);
  if (auth.user.mustChangeCredentials) {
    if (!request.allowDuringCredentialChange) return 'CREDENTIALS_CHANGE_REQUIRED';
    // During the forced change even an admin may only touch its own account.
    if (rule === 'selfOrAdmin' && !self) return 'CREDENTIALS_CHANGE_REQUIRED';
  }
  if (auth.secondFactorEnrolmentDue && request.allowDuringSecondFactorEnrolment !== true) return 'SECOND_FACTOR_ENROLMENT_REQUIRED';
  const permissions = auth.user.permissions;
  if (rule === 'signedIn') return null;
  if (rule === 'admin') return isAdmin(permissions) ? null : 'FORBIDDEN';
  if (rule === 'selfOrAdmin') return self || isAdmin(permissions) ? null : 'FORBIDDEN';
  return hasAnyPermission(permissions, rule.anyOf) ? null : 'FORBIDDEN';
}

export function describeAccessRule(rule: AccessRule): string {
  return typeof rule === 'string' ? rule : `anyOf(${rule.anyOf.join(', ')})`;
}
