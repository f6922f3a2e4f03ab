import type { DomainEvents } from '../events/event-bus.js';
import { bySubject, byText, quote, type AuditEntry } from './audit-record.js';

/** Restarts, backups and restores: the System chip. */

export function restartRequested({ reason, by }: DomainEvents['RestartRequested']): AuditEntry {
  const message = reason === 'restore' ? 'restart requested to put a restored backup in place' : `restart requested${byText(by)}`;
  return { level: 'info', source: 'system', subject: { reason, ...bySubject(by) }, message };
}

export function backupDownloaded({ by, what, recordings, redacted, name }: DomainEvents['BackupDownloaded']): AuditEntry {
  const kind = what === 'daily' ? `daily database copy ${quote(name)}` : `backup ${quote(name)}${recordings ? ' with recordings' : ''}`;
  const message = `${kind} downloaded${byText(by)}${redacted ? ' (without secrets)' : ''}`;
  return { level: 'info', source: 'system', subject: { what, name, recordings, redacted, ...bySubject(by) }, message };
}

/** A refused restore is a warning: the probe's hostile archives are exactly what an administrator should see. */
export function restoreRequested({ by, outcome }: DomainEvents['RestoreRequested']): AuditEntry {
  if (outcome === 'staged') {
    return { level: 'info', source: 'system', subject: { outcome, ...bySubject(by) }, message: `backup restore${byText(by)}: archive checked and staged, restarting` };
  }
  return { level: 'warn', source: 'system', subject: { outcome: 'refused', code: outcome.refused, ...bySubject(by) }, message: `backup restore${byText(by)} refused (${outcome.refused})` };
}
