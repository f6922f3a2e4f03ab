import type { DomainEvents } from '../events/event-bus.js';
import { bySubject, byText, quote, type AuditEntry } from './audit-record.js';

/** Sign-ins, refused sign-ins and account changes: the Console's Users chip. */

export function signedIn({ user, address }: DomainEvents['SignedIn']): AuditEntry {
  return { level: 'info', source: 'users', subject: { user, address }, message: `${quote(user)} signed in${address ? ` from ${address}` : ''}` };
}

/**
 * A wrong name or password is a warning with the account (when the name is one) and the address. An attempt the
 * throttle turned away costs the sender nothing: at debug, so a flood cannot push the real lines out of the ring.
 */
export function signInFailed({ user, address, reason }: DomainEvents['SignInFailed']): AuditEntry {
  const from = address ? ` from ${address}` : '';
  if (reason === 'throttled') {
    return { level: 'debug', source: 'users', subject: { address, reason }, message: `sign-in refused${from}: too many failed attempts` };
  }
  const who = user === null ? 'an unknown user name' : quote(user);
  if (reason === 'passkey') {
    return { level: 'warn', source: 'users', subject: { user, address, reason }, message: `sign-in failed for ${who}${from}: passkey refused` };
  }
  if (reason === 'secondFactor') {
    return { level: 'warn', source: 'users', subject: { user, address, reason }, message: `sign-in failed for ${who}${from}: wrong or reused one-time code` };
  }
  return { level: 'warn', source: 'users', subject: { user, address, reason }, message: `sign-in failed for ${who}${from}: wrong user name or password` };
}

/** Issue 21: a camera list as the audit line names it. */
function cameraText(cameras: readonly string[] | null): string {
  if (cameras === null) return 'all';
  return cameras.length === 0 ? 'none' : `only ${cameras.map(quote).join(', ')}`;
}

export function accountChanged(event: DomainEvents['AccountChanged']): AuditEntry {
  const { action, user, by, changes, previousName, permissions, cameras } = event;
  const subject = { user, ...bySubject(by), ...(changes.length > 0 && { changes }), ...(permissions && { permissions }), ...(cameras !== undefined && { cameras }) };
  const granted = permissions ? permissions.join(', ') || 'none' : '';
  if (action === 'added') {
    const limited = cameras ? `, cameras: ${cameraText(cameras)}` : '';
    return { level: 'info', source: 'users', subject, message: `user ${quote(user)} added${byText(by)}, permissions: ${granted}${limited}` };
  }
  if (action === 'removed') return { level: 'info', source: 'users', subject, message: `user ${quote(user)} removed${byText(by)}` };
  const self = by !== null && (by.user === user || by.user === previousName);
  const parts = changes.map((change) => {
    if (change === 'username') return `renamed from ${quote(previousName ?? '')}`;
    if (change === 'permissions') return `permissions now ${granted}`;
    if (change === 'sessionTimer') return 'session length changed';
    if (change === 'cameras') return `cameras now ${cameraText(cameras ?? null)}`;
    return 'password changed';
  });
  const whose = self ? `${quote(user)} changed their own account` : `user ${quote(user)} changed${byText(by)}`;
  return { level: 'info', source: 'users', subject, message: `${whose}: ${parts.join('; ')}${self && by?.address ? ` (from ${by.address})` : ''}` };
}

const SECOND_FACTOR_CHANGES: Record<DomainEvents['SecondFactorChanged']['change'], string> = {
  totpEnabled: 'set up an authenticator app',
  totpDisabled: 'turned off their authenticator app',
  recoveryCodeUsed: 'used a recovery code',
  passkeyAdded: 'added a passkey',
  passkeyRenamed: 'renamed a passkey',
  passkeyRemoved: 'removed a passkey',
  reset: 'second factors reset',
};

/** Issue 21: second factors set up, turned off, a recovery code spent, or reset by an admin (a lost phone). */
export function secondFactorChanged({ user, change, by, passkey, previousPasskey }: DomainEvents['SecondFactorChanged']): AuditEntry {
  const subject = { user, change, ...bySubject(by), ...(passkey !== undefined && { passkey }), ...(previousPasskey !== undefined && { previousPasskey }) };
  if (change === 'reset') return { level: 'warn', source: 'users', subject, message: `user ${quote(user)}: ${SECOND_FACTOR_CHANGES[change]}${byText(by)}` };
  const level = change === 'recoveryCodeUsed' ? 'warn' : 'info';
  const renamed = previousPasskey === undefined ? '' : ` ${quote(previousPasskey)} to`;
  const named = passkey === undefined ? '' : `${renamed} ${quote(passkey)}`;
  return { level, source: 'users', subject, message: `${quote(user)} ${SECOND_FACTOR_CHANGES[change]}${named}${by?.address ? ` (from ${by.address})` : ''}` };
}
