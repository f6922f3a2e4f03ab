import type { DomainEvents } from '../events/event-bus.js';
import type { StreamStateListener } from '../services/camera-stream.service.js';
import { bySubject, byText, EVENT_ORIGINS, quote, type AuditEntry } from './audit-record.js';

/** Camera events, recordings and streams: the Motion and Recordings chips, and the camera's own chip. */

type StreamState = Parameters<StreamStateListener>[0];

/** A continued motion (another trigger while one is in progress) is one event, not a new line. */
export function motionStarted({ camera, source, continued }: DomainEvents['MotionStarted']): AuditEntry {
  const message = `motion ${continued ? 'continues' : 'started'} on ${quote(camera)} (${EVENT_ORIGINS[source]})`;
  return { level: continued ? 'debug' : 'info', source: 'motion', subject: { camera, origin: source }, message };
}

export function motionEnded({ camera, source, reason, at, startedAt }: DomainEvents['MotionEnded']): AuditEntry {
  const seconds = startedAt === undefined ? null : Math.max(0, Math.round((at - startedAt) / 1_000));
  const after = seconds === null ? '' : ` after ${seconds} s`;
  const why = reason === 'timeout' ? 'no reset came: motion timeout' : EVENT_ORIGINS[source];
  return { level: 'info', source: 'motion', subject: { camera, origin: source, reason, ...(seconds !== null && { seconds }) }, message: `motion ended on ${quote(camera)}${after} (${why})` };
}

export function doorbellPressed({ camera, source }: DomainEvents['DoorbellPressed']): AuditEntry {
  return { level: 'info', source: 'motion', subject: { camera, origin: source }, message: `doorbell pressed on ${quote(camera)} (${EVENT_ORIGINS[source]})` };
}

/** An object event of the local detector: what, how sure, and whether a parked one moved on. */
export function objectDetected({ camera, label, score, reason }: DomainEvents['ObjectDetected']): AuditEntry {
  const what = reason === 'moved' ? `${label} moved on` : `${label} seen`;
  return { level: 'info', source: 'motion', subject: { camera, label, score, reason }, message: `${what} on ${quote(camera)} (${Math.round(score)} %)` };
}

export function recordingStarted({ camera, id, extended }: DomainEvents['RecordingStarted']): AuditEntry {
  const message = extended ? `recording on ${quote(camera)} extended by a new event` : `recording started on ${quote(camera)}`;
  return { level: extended ? 'debug' : 'info', source: 'recordings', subject: { camera, id }, message };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** An interrupted clip (no video, a write that failed) is a warning: someone may look for it later. */
export function recordingCompleted({ recording }: DomainEvents['RecordingCompleted']): AuditEntry {
  const { camera, id, type, status, durationMs, sizeBytes } = recording;
  const what = type === 'Video' ? `${Math.round(durationMs / 1_000)} s, ${megabytes(sizeBytes)}` : `snapshot, ${megabytes(sizeBytes)}`;
  const message = `recording on ${quote(camera)} finished: ${what}${status === 'complete' ? '' : ` (${status})`}`;
  return { level: status === 'complete' ? 'info' : 'warn', source: 'recordings', subject: { camera, id, type, status, durationMs, sizeBytes }, message };
}

const REMOVED_WHY: Record<DomainEvents['RecordingsRemoved']['why'], string> = {
  deleted: 'deleted',
  expired: 'removed: older than the retention time',
  space: 'removed to keep within the size / free space limits',
};

export function recordingsRemoved({ ids, count, cameras, why, by }: DomainEvents['RecordingsRemoved']): AuditEntry {
  const what = ids === null ? 'all recordings' : count === 1 ? '1 recording' : `${count} recordings`;
  const of = cameras.length === 1 && cameras[0] !== undefined ? ` of ${quote(cameras[0])}` : cameras.length > 1 ? ` of ${cameras.length} cameras` : '';
  const camera = cameras.length === 1 ? { camera: cameras[0] } : {};
  return { level: 'info', source: 'recordings', subject: { ...camera, count, why, ...bySubject(by) }, message: `${what}${of} ${REMOVED_WHY[why]}${byText(by)}` };
}

/**
 * A stream's life: up, stopped (no viewer left), offline or in error with the reason (credentials already masked
 * by the stream service). `starting` is not a line of its own: `up` or `offline` follows within seconds.
 */
export function streamState({ camera, stream, state, reason }: StreamState): AuditEntry | null {
  const subject = { camera, stream, state, ...(reason !== null && { reason }) };
  const name = `${quote(camera)} (${stream} stream)`;
  if (state === 'streaming') return { level: 'info', source: 'camera', subject, message: `${name} is up` };
  if (state === 'idle') return { level: 'info', source: 'camera', subject, message: `${name} stopped` };
  if (state === 'offline' || state === 'error') {
    return { level: 'warn', source: 'camera', subject, message: `${name} is ${state === 'error' ? 'in error' : 'offline'}${reason ? `: ${reason}` : ''}` };
  }
  return null;
}
