import type { DomainEvents } from '../events/event-bus.js';
import { bySubject, byText, quote, type AuditEntry } from './audit-record.js';

/** Issue 21: signed-in devices ended and API tokens made or revoked: the Console's Users chip. */

const END_REASONS: Partial<Record<DomainEvents['SessionsEnded']['reason'], string>> = {
  ended: 'signed out',
  secondFactorChanged: 'signed out (second factor changed)',
  passwordChanged: 'signed out (password changed)',
};

/**
 * Sessions someone ended from the devices list (or that a second-factor change ended). A sign-out, an expiry or a
 * revoked token says nothing here: the sign-out is the user's own, the token has its own line.
 */
export function sessionsEnded({ sessionIds, reason, by }: DomainEvents['SessionsEnded']): AuditEntry | null {
  const what = END_REASONS[reason];
  if (!by || !what) return null;
  const count = sessionIds.length === 1 ? 'a session' : `${sessionIds.length} sessions`;
  const subject = { user: by.user, reason, sessions: sessionIds.length, ...bySubject(by.actor) };
  return { level: 'info', source: 'users', subject, message: `${count} of ${quote(by.user)} ${what}${byText(by.actor)}` };
}

export function apiTokenChanged({ user, action, name, scopes, expiresAt, by }: DomainEvents['ApiTokenChanged']): AuditEntry {
  const subject = { user, action, tokenName: name, scopes, ...bySubject(by) };
  if (action === 'revoked') return { level: 'info', source: 'users', subject, message: `API token ${quote(name)} of ${quote(user)} revoked${byText(by)}` };
  const until = expiresAt ? `until ${expiresAt.slice(0, 10)}` : 'without expiry';
  return { level: 'info', source: 'users', subject, message: `${quote(user)} made API token ${quote(name)} (${scopes.join(', ')}; ${until})${byText(by)}` };
}
