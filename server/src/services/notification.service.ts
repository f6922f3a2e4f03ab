import { CAMERA_EVENT_MESSAGES, eventTimeMs, type EventListQuery, type EventSource, type Notification, type NotificationList, type NotificationType } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import { CameraScope } from './camera-scope.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { EventFilter } from '../repositories/event-query.js';
import type { NotificationRepository, NotificationRow } from '../repositories/notification.repository.js';
import type { CameraService } from './camera.service.js';
import type { ConfigService } from './config.service.js';

export interface NotificationServiceDeps {
  notifications: NotificationRepository;
  bus?: EventBus | undefined;
  clock?: Clock | undefined;
  config?: ConfigService | undefined;
  cameras?: CameraService | undefined;
}

const HOUR_MS = 3_600_000;
/** What the image analysis (server/src/analysis) decided for a motion event. */
export type EventVerdict = { drop: false; labels: string[] } | { drop: true };

/**
 * The hook between a camera event and its notification. `judge` answers null at once when no analysis applies
 * (the event path then has no extra step), else the verdict: labels for the notification, or drop it.
 */
export interface EventGate {
  judge(event: { camera: string; eventId: string; source: EventSource; image?: Buffer | undefined }): Promise<EventVerdict> | null;
}

/** Several gates in order: the first that applies (answers non-null) judges the event. */
export function firstGate(...gates: readonly EventGate[]): EventGate {
  return {
    judge: (event) => {
      for (const gate of gates) {
        const verdict = gate.judge(event);
        if (verdict) return verdict;
      }
      return null;
    },
  };
}

/** Links kept for events whose notification has not been written yet; more than this and the oldest go. */
const MAX_PENDING_LINKS = 1000;

/** `/files/recordings/…` of a stored relative path. */
export function recordingFileUrl(relative: string): string {
  return `/files/recordings/${relative.split('/').map(encodeURIComponent).join('/')}`;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    camera: row.camera,
    room: row.room,
    type: row.type as NotificationType,
    level: row.level as Notification['level'],
    title: row.title,
    message: row.message,
    label: row.label,
    ...(row.labels ? { labels: parseLabels(row.labels) } : {}),
    trigger: row.trigger,
    recordingId: row.recording_id,
    thumbnail: row.thumbnail ? recordingFileUrl(row.thumbnail) : null,
    timestamp: row.created_at,
  };
}

/** The `labels` JSON column (0009): a string array, or [] when unreadable. */
export function parseLabels(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Reads `from`/`to` as ISO or ms since epoch. */
export function toFilter(query: Omit<EventListQuery, 'cursor' | 'limit'>): EventFilter {
  const time = (value: string | undefined, name: string): string | undefined => {
    if (value === undefined || value === '') return undefined;
    const ms = eventTimeMs(value);
    if (Number.isNaN(ms)) throw new AppError('VALIDATION_FAILED', `${name} is not a time`, [{ path: name, message: 'invalid time' }]);
    return new Date(ms).toISOString();
  };
  return { cameras: query.cameras, rooms: query.rooms, labels: query.labels, types: query.types, from: time(query.from, 'from'), to: time(query.to, 'to') };
}

/**
 * One notification for every camera event (recorded or not) and for system warnings and errors, stored in
 * SQLite. Publishes NotificationCreated / NotificationsRemoved; the gateway keeps every badge right.
 * Old ones go in one periodic sweep (`removeAfter` hours of config.json `notifications`).
 */
export class NotificationService {
  private readonly unsubscribe: (() => void)[] = [];
  private cancelSweep: (() => void) | null = null;
  private gate: EventGate | null = null;
  /** The recording each recent camera event is held by (RecordingStarted), until its notification takes it. */
  private readonly links = new Map<string, { id: string; thumbnail: string | null }>();

  constructor(private readonly deps: NotificationServiceDeps) {}

  private get notifications(): NotificationRepository {
    return this.deps.notifications;
  }

  /** `scope`: the caller's cameras (issue 21); a limited user counts only theirs. */
  count(scope: CameraScope = CameraScope.ALL): Promise<number> {
    return this.notifications.count(this.scopeNames(scope));
  }

  /** The names of a limited scope's cameras as the rows spell them (null: unlimited). */
  private scopeNames(scope: CameraScope): string[] | null {
    return scope.names(this.deps.cameras?.list() ?? []);
  }

  /**
   * Subscribes to the camera events and starts the sweep. `gate` (the image analysis, server/src/analysis) judges
   * every motion event until stop().
   */
  start(onError: (error: unknown) => void, options: { gate?: EventGate | null; sweepEveryMs?: number } = {}): void {
    const { bus, clock } = this.deps;
    if (!bus || !clock) return;
    const { gate = null, sweepEveryMs = 10 * 60_000 } = options;
    this.gate = gate;
    const run = (promise: Promise<unknown>): void => void promise.catch(onError);
    this.unsubscribe.push(
      bus.subscribe('MotionStarted', (e) => {
        if (!e.continued) run(this.cameraEvent('motion', e.camera, e.source, e.eventId, e.at, e.image));
      }),
      bus.subscribe('DoorbellPressed', (e) => run(this.cameraEvent('doorbell', e.camera, e.source, e.eventId, e.at))),
      // An object the detector found is a motion event that already knows what it shows: no gate, its label.
      bus.subscribe('ObjectDetected', (e) => run(this.cameraEvent('motion', e.camera, e.source, e.eventId, e.at, e.image, [e.label]))),
      bus.subscribe('RecordingStarted', (e) => {
        this.links.set(e.eventId, { id: e.id, thumbnail: e.thumbnail });
        if (this.links.size > MAX_PENDING_LINKS) this.links.delete(this.links.keys().next().value ?? '');
      }),
    );
    // A plain interval (not the injected clock): a periodic chore, not a deadline; tests call sweep() directly.
    run(this.sweep());
    const interval = setInterval(() => run(this.sweep()), sweepEveryMs);
    interval.unref();
    this.cancelSweep = () => clearInterval(interval);
  }

  stop(): void {
    this.gate = null;
    for (const off of this.unsubscribe.splice(0)) off();
    this.cancelSweep?.();
    this.cancelSweep = null;
  }

  /** `labels`: what the event is known to show (an object event); such an event does not go through the gate. */
  async cameraEvent(type: 'motion' | 'doorbell', camera: string, source: EventSource, eventId: string, at: number, image?: Buffer, labels?: string[]): Promise<Notification | null> {
    // The analysis runs even with notifications off: it also labels the recording (and its verdict is logged).
    const judging = type === 'motion' && !labels ? (this.gate?.judge({ camera, eventId, source, image }) ?? null) : null;
    if (this.deps.config && !this.deps.config.get().notifications.active) return null;
    const room = this.deps.cameras?.find(camera)?.room ?? null;
    // The recorder announces the clip (RecordingStarted) from its own listener of the same event. Listeners run
    // synchronously within one publish, so after one await every listener has run, whichever subscribed first.
    await Promise.resolve();
    const recording = this.links.get(eventId) ?? null;
    this.links.delete(eventId);
    const verdict = judging ? await judging : null;
    if (verdict?.drop) return null;
    const shown = labels ?? verdict?.labels ?? [];
    const row: NotificationRow = {
      id: randomUUID(),
      camera,
      room,
      type,
      level: 'event',
      title: camera,
      message: CAMERA_EVENT_MESSAGES[type],
      label: shown[0] ?? type,
      labels: shown.length > 0 ? JSON.stringify(shown) : null,
      trigger: source,
      recording_id: recording?.id ?? null,
      thumbnail: recording?.thumbnail ?? null,
      created_at: new Date(at).toISOString(),
    };
    return this.store(row);
  }

  /** A system warning or error (retention, disk full, …); always stored, whatever `notifications.active` says. */
  system(level: 'WARN' | 'ERROR', title: string, message: string): Promise<Notification> {
    const now = this.deps.clock?.now() ?? Date.now();
    return this.store({
      id: randomUUID(),
      camera: null,
      room: null,
      type: level,
      level,
      title,
      message,
      label: null,
      labels: null,
      trigger: null,
      recording_id: null,
      thumbnail: null,
      created_at: new Date(now).toISOString(),
    });
  }

  /** `scope` (issue 21, here and below): a limited caller sees, and removes, only their cameras' notifications. */
  async list(query: EventListQuery, scope: CameraScope = CameraScope.ALL): Promise<NotificationList> {
    const filter = { ...toFilter(query), scope: this.scopeNames(scope) };
    const { rows, nextCursor } = await this.notifications.list(filter, { cursor: query.cursor, limit: query.limit });
    return { result: rows.map(toNotification), nextCursor };
  }

  async get(id: string, scope: CameraScope = CameraScope.ALL): Promise<Notification> {
    const row = await this.notifications.get(id);
    if (!row || !scope.allows(row.camera)) throw new AppError('NOT_FOUND', 'notification not found');
    return toNotification(row);
  }

  async delete(id: string, scope: CameraScope = CameraScope.ALL): Promise<void> {
    const removed = await this.notifications.delete([id], this.scopeNames(scope));
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'notification not found');
    this.deps.bus?.publish('NotificationsRemoved', { ids: removed });
  }

  /** Several by id, or all without ids (a limited caller: all of their cameras). Returns how many went. */
  async deleteMany(ids: readonly string[] | undefined, scope: CameraScope = CameraScope.ALL): Promise<number> {
    const names = this.scopeNames(scope);
    if ((ids === undefined || ids.length === 0) && names !== null) {
      const removed = await this.notifications.deleteAllOf(names);
      if (removed.length > 0) this.deps.bus?.publish('NotificationsRemoved', { ids: removed });
      return removed.length;
    }
    if (ids === undefined || ids.length === 0) {
      const n = await this.notifications.deleteAll();
      this.deps.bus?.publish('NotificationsRemoved', { ids: null });
      return n;
    }
    const removed = await this.notifications.delete([...new Set(ids)], names);
    if (removed.length > 0) this.deps.bus?.publish('NotificationsRemoved', { ids: removed });
    return removed.length;
  }

  /** Removes those older than `removeAfter` hours. */
  async sweep(): Promise<number> {
    const hours = this.deps.config?.get().notifications.removeAfter ?? 72;
    const now = this.deps.clock?.now() ?? Date.now();
    const removed = await this.notifications.deleteOlderThan(new Date(now - hours * HOUR_MS).toISOString());
    if (removed.length > 0) this.deps.bus?.publish('NotificationsRemoved', { ids: removed });
    return removed.length;
  }

  /** Recordings went away: their notifications keep the event but lose the link. */
  unlinkRecordings(ids: readonly string[]): Promise<void> {
    return this.notifications.unlinkRecordings(ids);
  }

  private async store(row: NotificationRow): Promise<Notification> {
    await this.notifications.insert(row);
    const notification = toNotification(row);
    this.deps.bus?.publish('NotificationCreated', { notification });
    return notification;
  }
}
