import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAnyPermission, isPermission, profileLabel } from './permissions.js';

describe('route guard: hasAnyPermission', () => {
  it('passes a route that requires nothing', () => {
    expect(hasAnyPermission(['cameras:access'], [])).toBe(true);
    expect(hasAnyPermission(['cameras:access'], undefined)).toBe(true);
  });
  it('needs any one of the required permissions', () => {
    expect(hasAnyPermission(['settings:cameras:edit'], ['settings:cameras:access', 'settings:cameras:edit'])).toBe(true);
    expect(hasAnyPermission(['cameras:access'], ['recordings:access'])).toBe(false);
  });
  it('lets admin pass everything', () => {
    expect(hasAnyPermission(['admin'], ['backup:restore'])).toBe(true);
  });
  it('refuses a user without a list when something is required', () => {
    expect(hasAnyPermission(undefined, ['cameras:access'])).toBe(false);
    expect(hasAnyPermission([], ['cameras:access'])).toBe(false);
  });
});

describe('component check: hasAllPermissions', () => {
  it('needs every listed permission', () => {
    expect(hasAllPermissions(['cameras:access', 'recordings:access'], ['cameras:access', 'recordings:access'])).toBe(true);
    expect(hasAllPermissions(['cameras:access'], ['cameras:access', 'recordings:access'])).toBe(false);
  });
  it('lets admin pass everything', () => {
    expect(hasAllPermissions(['admin'], ['cameras:access', 'backup:download'])).toBe(true);
  });
  it('returns false when the user has no permission list', () => {
    expect(hasAllPermissions(undefined, [])).toBe(false);
    expect(hasAllPermissions(null, ['cameras:access'])).toBe(false);
    expect(hasAllPermissions([], [])).toBe(false);
  });
});

describe('labels and parsing', () => {
  it('labels admins Master and everyone else User', () => {
    expect(profileLabel(['admin'])).toBe('Master');
    expect(profileLabel(['cameras:access'])).toBe('User');
    expect(profileLabel(undefined)).toBe('User');
  });
  it('knows the permission strings of the spec only', () => {
    expect(isPermission('settings:general:edit')).toBe(true);
    expect(isPermission('users:edit')).toBe(false);
  });
});
