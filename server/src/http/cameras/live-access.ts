import type { ErrorCode } from '@homecam/shared';
import type { DomainEvents } from '../../events/event-bus.js';
import { withOwnerPermissions, type AuthContext } from '../../services/auth.service.js';
import { CameraScope } from '../../services/camera-scope.js';
import { accessDenial, type AccessRule } from '../access/access-rule.js';

/** Who may open a live stream: the rule of the route, checked again whenever the viewer's permissions change. */
export const LIVE_ACCESS: AccessRule = { anyOf: ['cameras:access'] };

export type PermissionChange = DomainEvents['UserPermissionsChanged'];

/** Why a viewer may not watch: the close code and its message; null while it may. */
export type LiveRefusal = [code: ErrorCode, message: string] | null;

/** The viewer's permissions as of `change` (an API token keeps only the scopes its owner still holds). */
export function afterChange(auth: AuthContext, change: PermissionChange | undefined): AuthContext {
  return change ? withOwnerPermissions(auth, change.permissions, change.cameras) : auth;
}

/** The route's rule for a viewer, as at sign-in and after every permission change. */
export function liveRuleRefusal(auth: AuthContext): LiveRefusal {
  const denial = accessDenial({ rule: LIVE_ACCESS, auth, targetUserId: undefined, allowDuringCredentialChange: false });
  if (!denial) return null;
  return [denial, denial === 'CREDENTIALS_CHANGE_REQUIRED' ? 'change the first-start username and password first' : 'no access permission'];
}

/** The rule and the viewer's camera list (issue 21: a camera outside it is one that does not exist). */
export function liveRefusal(auth: AuthContext, camera: string): LiveRefusal {
  return liveRuleRefusal(auth) ?? (CameraScope.of(auth.user).allows(camera) ? null : ['CAMERA_NOT_FOUND', 'camera not found']);
}
