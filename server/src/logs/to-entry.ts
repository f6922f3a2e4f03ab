import { LOG_SOURCES, type LogEntry, type LogEntryLevel, type LogSource } from '@homecam/shared';

/** pino's numeric levels. */
const LEVELS: Record<number, LogEntryLevel> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const TRIGGER_SOURCES: Record<string, LogSource> = { mqtt: 'mqtt', smtp: 'smtp', ftp: 'ftp', http: 'http-trigger' };
const MODULE_SOURCES: Record<string, LogSource> = { motion: 'motion', recorder: 'recordings', push: 'push', alerts: 'alerts' };
/** Fields that are shown in another form, or are noise in a console line. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'module', 'trigger', 'camera', 'err', 'v', 'audit', 'logSource']);
const MAX_FIELD = 300;
const MAX_MESSAGE = 2_000;

type LogRecord = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): LogRecord | undefined => (typeof value === 'object' && value !== null ? (value as LogRecord) : undefined);

/** The camera a record is about: its `camera` field, or the camera part of a media `stream` key (`Name/main`). */
function cameraOf(rec: LogRecord): string | undefined {
  const camera = text(rec.camera);
  if (camera) return camera;
  const stream = text(rec.stream);
  const cut = stream?.lastIndexOf('/') ?? -1;
  return stream && cut > 0 ? stream.slice(0, cut) : undefined;
}

/** Normalises the loggers' bindings (`module`, `trigger`, request fields) into the closed set of sources. */
function sourceOf(rec: LogRecord, camera: string | undefined): LogSource {
  // The audit trail names its source itself (audit/audit-record.ts).
  const own = text(rec.logSource);
  if (own !== undefined && (LOG_SOURCES as readonly string[]).includes(own)) return own as LogSource;
  const trigger = TRIGGER_SOURCES[text(rec.trigger) ?? ''];
  if (trigger) return trigger;
  const module = text(rec.module);
  if (module === 'triggers') {
    const msg = text(rec.msg) ?? '';
    return /\bMQTT\b/.test(msg) ? 'mqtt' : /\bSMTP\b/.test(msg) ? 'smtp' : /\bFTP\b/.test(msg) ? 'ftp' : 'system';
  }
  const bySource = MODULE_SOURCES[module ?? ''];
  if (bySource) return bySource;
  if (rec.reqId !== undefined || rec.req !== undefined || rec.res !== undefined) return 'http';
  // The motion detector logs through the media logger; its messages all name motion.
  if (module === 'media' && /\bmotion\b/i.test(text(rec.msg) ?? '')) return 'motion';
  if (module === 'media' && camera) return 'camera';
  return 'system';
}

function fieldText(value: unknown): string {
  const out = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return out.length > MAX_FIELD ? `${out.slice(0, MAX_FIELD)}…` : out;
}

/** The request part of a Fastify request log: `GET /api/x`, `→ 200 (3 ms)`. */
function requestPart(rec: LogRecord): string[] {
  const parts: string[] = [];
  const req = record(rec.req);
  if (req) parts.push(`${text(req.method) ?? ''} ${text(req.url) ?? ''}`.trim());
  const res = record(rec.res);
  if (res && typeof res.statusCode === 'number') parts.push(`→ ${res.statusCode}`);
  if (typeof rec.responseTime === 'number') parts.push(`(${Math.round(rec.responseTime)} ms)`);
  return parts;
}

/**
 * The message plus the useful fields; `err` contributes its type and message, never its stack. An audit record's
 * message already says everything in words (its fields stay in the JSON line for machines).
 */
function messageOf(rec: LogRecord): string {
  if (rec.audit === true) return bounded(text(rec.msg) ?? '');
  const parts: string[] = [];
  if (rec.reqId !== undefined) parts.push(`[${fieldText(rec.reqId)}]`);
  parts.push(text(rec.msg) ?? '');
  parts.push(...requestPart(rec));
  const err = record(rec.err);
  if (err) parts.push(`err=${fieldText(`${text(err.type) ?? 'Error'}: ${text(err.message) ?? ''}`)}`);
  else if (rec.err !== undefined) parts.push(`err=${fieldText(rec.err)}`);
  for (const [key, value] of Object.entries(rec)) {
    if (!HIDDEN.has(key) && value !== undefined) parts.push(`${key}=${fieldText(value)}`);
  }
  return bounded(parts.filter((part) => part !== '').join(' '));
}

function bounded(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}

/** One pino record (already scrubbed) as a console entry. */
export function toEntry(rec: LogRecord, seq: number): LogEntry {
  const camera = cameraOf(rec);
  const time = typeof rec.time === 'number' ? rec.time : typeof rec.time === 'string' ? Date.parse(rec.time) : Date.now();
  return {
    seq,
    time: new Date(Number.isFinite(time) ? time : Date.now()).toISOString(),
    level: LEVELS[typeof rec.level === 'number' ? rec.level : 30] ?? 'info',
    source: sourceOf(rec, camera),
    ...(camera !== undefined && { camera }),
    message: messageOf(rec),
  };
}

/** The entry as one line of homecam.log. */
export function formatLine(entry: LogEntry): string {
  const where = entry.camera === undefined ? entry.source : `${entry.source}:${entry.camera}`;
  return `${entry.time} ${entry.level.toUpperCase().padEnd(5)} [${where}] ${entry.message.replace(/\r?\n/g, ' ⏎ ')}\n`;
}
