import type { EventSource, LogSource } from '@homecam/shared';
import { describeActor, type Actor } from '../events/actor.js';

export type AuditLevel = 'debug' | 'info' | 'warn';

/** One line of the audit trail: a sentence for people, the subject as fields for machines, the Console's source. */
export interface AuditEntry {
  level: AuditLevel;
  source: LogSource;
  /** camera, user, address, by … (never a secret: names, addresses, counts, permission names). */
  subject: Record<string, unknown>;
  message: string;
}

export type AuditLogger = Record<AuditLevel, (context: object, message: string) => void>;

/**
 * Writes an entry through pino: `audit: true` tells the log hub to show the message alone (it says everything),
 * `logSource` puts it under its Console chip, `camera` under the camera's. The hub scrubs it like every line.
 */
export function writeAudit(log: AuditLogger, entry: AuditEntry): void {
  log[entry.level]({ audit: true, logSource: entry.source, ...entry.subject }, entry.message);
}

/** Names are typed by users: quoted (control characters escaped, so a name cannot fake a line) and bounded. */
export function quote(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
}

/** ` by alice (192.168.1.5)`, or nothing when nobody is known. */
export function byText(by: Actor | null | undefined): string {
  return by ? ` by ${describeActor(by)}` : '';
}

/** The actor as fields of the subject. */
export function bySubject(by: Actor | null | undefined): Record<string, string> {
  if (!by) return {};
  return by.address ? { by: by.user, byAddress: by.address } : { by: by.user };
}

/** Where a camera event came from, in words. */
export const EVENT_ORIGINS: Record<EventSource, string> = {
  motion: 'video motion detection',
  http: 'HTTP trigger',
  mqtt: 'MQTT',
  smtp: 'SMTP',
  ftp: 'FTP',
  api: 'API',
  onvif: 'ONVIF camera event',
};
