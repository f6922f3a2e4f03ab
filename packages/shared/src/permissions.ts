/**
 * The permission strings of spec §3 and the two checks of spec §5.
 * Server and web both use these functions, so a rule is decided in one place.
 */
export const PERMISSIONS = [
  'admin',
  'dashboard:access',
  'cameras:access',
  'recordings:access',
  'notifications:access',
  'camview:access',
  'settings:general:access',
  'settings:general:edit',
  'settings:cameras:access',
  'settings:cameras:edit',
  'settings:recordings:access',
  'settings:recordings:edit',
  'settings:notifications:access',
  'settings:notifications:edit',
  'backup:download',
  'backup:restore',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function isAdmin(userPermissions: readonly string[] | null | undefined): boolean {
  return !!userPermissions?.includes('admin');
}

/**
 * Route guard (spec §5): the user needs any one of the required permissions, or admin.
 * A route that requires nothing is open to every signed-in user.
 */
export function hasAnyPermission(
  userPermissions: readonly string[] | null | undefined,
  required: readonly Permission[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  if (!userPermissions) return false;
  if (isAdmin(userPermissions)) return true;
  return required.some((permission) => userPermissions.includes(permission));
}

/**
 * Component-level check (spec §5): every listed permission is required, admin passes everything,
 * and a user without a permission list passes nothing.
 */
export function hasAllPermissions(
  userPermissions: readonly string[] | null | undefined,
  required: readonly Permission[],
): boolean {
  if (!userPermissions || userPermissions.length === 0) return false;
  if (isAdmin(userPermissions)) return true;
  return required.every((permission) => userPermissions.includes(permission));
}

/** Profile label of spec §6. */
export function profileLabel(userPermissions: readonly string[] | null | undefined): 'Master' | 'User' {
  return isAdmin(userPermissions) ? 'Master' : 'User';
}
