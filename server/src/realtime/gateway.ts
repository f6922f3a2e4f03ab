import { grantedScopes, hasAnyPermission, isAdmin, isCameraLimited, type CameraStatus, type ClientToServerEvents, type ExportJob, type LogEntry, type MetricsUpdate, type OnvifEventStatus, type Permission, type ServerToClientEvents } from '@homecam/shared';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { AppError, isAppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../services/auth.service.js';
import { CameraScope } from '../services/camera-scope.js';
import type { NotificationService } from '../services/notification.service.js';
import { isSameOrigin } from '../security/same-origin.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no server-to-server events on one process
interface InterServerEvents {}

interface SocketData {
  sessionId: string;
  userId: number;
  expiresAt: string;
  /** May see the notification badge (notifications:access or admin). */
  notifications: boolean;
  /** May see camera states (cameras:access or admin). */
  cameras: boolean;
  /** May see recordings (recordings:access or admin). */
  recordings: boolean;
  /** May see the camera settings (settings:cameras:access or :edit, or admin): gets their live status (ONVIF events). */
  cameraSettings: boolean;
  /** Is an admin: gets the admin-only streams (server log, utilization samples). */
  admin: boolean;
  /** Issue 21: an API token's scopes (its rooms follow scopes ∩ the owner's permissions), null for a session. */
  scopes: Permission[] | null;
  /** Issue 21: the only cameras whose events reach this socket, or null for every camera. */
  cameraList: string[] | null;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeDeps {
  auth: AuthService;
  notifications: NotificationService;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The current state of every camera, sent to a newly connected socket that may see cameras. */
  cameraStatuses?: () => CameraStatus[];
  /** The server log's batched entries, relayed to the admins as `logMessage`. */
  logs?: { subscribe(listener: (entries: LogEntry[]) => void): () => void };
}

export const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
export const userRoom = (userId: number): string => `user:${userId}`;
/** Sockets of users who may see the cameras: they get `cameraState`. */
export const CAMERAS_ROOM = 'cameras';
/** Sockets of users who may see notifications: they get `notification`, `increaseNotification`, `removeNotification`. */
export const NOTIFICATIONS_ROOM = 'notifications';
/** Sockets of users who may see recordings: they get `recording`, `removeRecording`. */
export const RECORDINGS_ROOM = 'recordings';
/** Sockets of users who may see the camera settings: they get `onvifEventStatus`. */
export const CAMERA_SETTINGS_ROOM = 'camera-settings';
/** Sockets of admins: they get the admin-only streams (`logMessage`, `metrics`). */
export const ADMIN_ROOM = 'admin';
/** Issue 21: sockets of users limited to some cameras; camera events reach them one by one, after their list. */
export const LIMITED_ROOM = 'limited-cameras';

/** The permission-bound rooms a user's sockets belong in, and the cameras whose events reach them. */
function roomFlags(permissions: readonly Permission[], cameras: readonly string[] | null): Pick<SocketData, 'notifications' | 'cameras' | 'recordings' | 'cameraSettings' | 'admin' | 'cameraList'> {
  return {
    cameraList: isCameraLimited(permissions, cameras) ? [...(cameras ?? [])] : null,
    admin: isAdmin(permissions),
    notifications: isAdmin(permissions) || permissions.includes('notifications:access'),
    cameras: isAdmin(permissions) || permissions.includes('cameras:access'),
    recordings: isAdmin(permissions) || permissions.includes('recordings:access'),
    cameraSettings: hasAnyPermission(permissions, ['settings:cameras:access', 'settings:cameras:edit']),
  };
}

function scopeOf(socket: RealtimeSocket): CameraScope {
  return CameraScope.of({ permissions: [], cameras: socket.data.cameraList });
}

/** socket.io on the HTTP server: token handshake, rooms per session and user, session end and expiry. */
export class RealtimeGateway {
  readonly io: RealtimeServer;
  private readonly unsubscribe: (() => void)[];

  constructor(
    httpServer: HttpServer,
    private readonly deps: RealtimeDeps,
  ) {
    this.io = new Server(httpServer, {
      serveClient: false,
      // Other upgrades (the live video WebSockets) are @fastify/websocket's: engine.io must not end them.
      destroyUpgrade: false,
      allowRequest: (request, callback) => callback(null, isSameOrigin(request)),
    });
    this.io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: unknown) => {
          if (!isAppError(error)) deps.log.error({ err: error }, 'socket handshake failed');
          // The client reads the code from connect_error's message.
          next(new Error(isAppError(error) ? error.code : 'INTERNAL'));
        },
      );
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
    this.unsubscribe = [
      deps.bus.subscribe('SessionsEnded', ({ sessionIds }) => {
        for (const id of sessionIds) this.endSession(id);
      }),
      deps.bus.subscribe('CameraStateChanged', ({ status }) => {
        const { unlimited, limited } = this.audience(CAMERAS_ROOM, status.name);
        unlimited.emit('cameraState', status);
        for (const socket of limited) socket.emit('cameraState', status);
      }),
      deps.bus.subscribe('NotificationCreated', ({ notification }) => {
        const { unlimited, limited } = this.audience(NOTIFICATIONS_ROOM, notification.camera);
        unlimited.emit('notification', notification);
        unlimited.emit('increaseNotification');
        for (const socket of limited) {
          socket.emit('notification', notification);
          socket.emit('increaseNotification');
        }
      }),
      deps.bus.subscribe('NotificationsRemoved', ({ ids }) => {
        if (ids === null) {
          this.io.to(NOTIFICATIONS_ROOM).emit('removeNotification', null);
          this.io.to(NOTIFICATIONS_ROOM).emit('notificationSize', 0);
          return;
        }
        // Ids are opaque: a limited socket may hear of one it never had (its client ignores it), never of a camera.
        for (const id of ids) this.io.to(NOTIFICATIONS_ROOM).emit('removeNotification', id);
        // The absolute size after the removals, so a client that missed one still ends up right.
        deps.notifications.count().then(
          (size) => this.io.to(NOTIFICATIONS_ROOM).except(LIMITED_ROOM).emit('notificationSize', size),
          (error: unknown) => deps.log.error({ err: error }, 'notification count failed'),
        );
        for (const socket of this.audience(NOTIFICATIONS_ROOM, null, true).limited) this.sendNotificationSize(socket);
      }),
      deps.bus.subscribe('UserPermissionsChanged', ({ userId, permissions, cameras }) => this.applyPermissions(userId, permissions, cameras)),
      deps.bus.subscribe('RecordingCompleted', ({ recording }) => {
        const { unlimited, limited } = this.audience(RECORDINGS_ROOM, recording.camera);
        unlimited.emit('recording', recording);
        for (const socket of limited) socket.emit('recording', recording);
      }),
      deps.bus.subscribe('RecordingsRemoved', ({ ids }) => {
        if (ids === null) this.io.to(RECORDINGS_ROOM).emit('removeRecording', null);
        else for (const id of ids) this.io.to(RECORDINGS_ROOM).emit('removeRecording', id);
      }),
      deps.logs?.subscribe((entries) => this.toAdmins('logMessage', entries)) ?? (() => undefined),
    ];
  }

  /**
   * An admin-only stream (the server log, utilization samples) to the admins' sockets: with no admin connected
   * nothing is serialised or sent (the sources run all the time, the pages are rarely open).
   */
  toAdmins(event: 'logMessage', entries: LogEntry[]): void;
  toAdmins(event: 'metrics', update: MetricsUpdate): void;
  toAdmins(event: 'logMessage' | 'metrics', payload: LogEntry[] | MetricsUpdate): void {
    if ((this.io.sockets.adapter.rooms.get(ADMIN_ROOM)?.size ?? 0) === 0) return;
    if (event === 'logMessage') this.io.to(ADMIN_ROOM).emit(event, payload as LogEntry[]);
    else this.io.to(ADMIN_ROOM).emit(event, payload as MetricsUpdate);
  }

  /**
   * Issue 22: a camera's ONVIF event status to the sockets that may see its settings (the GET route's rule): the
   * camera-settings room, and of the limited users only those whose list holds the camera.
   */
  toCameraSettings(event: 'onvifEventStatus', status: OnvifEventStatus): void {
    const { unlimited, limited } = this.audience(CAMERA_SETTINGS_ROOM, status.camera);
    unlimited.emit(event, status);
    for (const socket of limited) socket.emit(event, status);
  }

  /**
   * Issue 19: an export's progress to its owner's sockets that may see recordings now (checked at each send, not at
   * connect, so a permission taken away stops it at once).
   */
  toRecordingsOwner(userId: number, event: 'exportProgress', job: ExportJob): void {
    for (const socket of this.io.of('/').sockets.values()) {
      if (socket.data.userId === userId && socket.data.recordings && scopeOf(socket).allows(job.camera)) socket.emit(event, job);
    }
  }

  /**
   * Issue 21: who in `room` hears an event of `camera`: the unlimited sockets at once (one broadcast), and the
   * limited sockets whose list holds the camera (`everyLimited`: all limited ones, for an answer each computes).
   */
  private audience(room: string, camera: string | null, everyLimited = false): { unlimited: ReturnType<RealtimeServer['to']>; limited: RealtimeSocket[] } {
    const limited: RealtimeSocket[] = [];
    const members = this.io.sockets.adapter.rooms.get(room);
    for (const id of this.io.sockets.adapter.rooms.get(LIMITED_ROOM) ?? []) {
      const socket = members?.has(id) ? this.io.sockets.sockets.get(id) : undefined;
      if (socket && (everyLimited || scopeOf(socket).allows(camera))) limited.push(socket);
    }
    return { unlimited: this.io.to(room).except(LIMITED_ROOM), limited };
  }

  /** The badge count this socket may see (a limited user's counts only their cameras' notifications). */
  private sendNotificationSize(socket: RealtimeSocket): void {
    this.deps.notifications.count(scopeOf(socket)).then(
      (size) => socket.emit('notificationSize', size),
      (error: unknown) => this.deps.log.error({ err: error }, 'notification count failed'),
    );
  }

  /** Tells every socket of the session to sign out, then drops them. */
  endSession(sessionId: string): void {
    const room = sessionRoom(sessionId);
    this.io.to(room).emit('sessionEnded');
    this.io.in(room).disconnectSockets(true);
  }

  /** Drops every client and stops accepting new ones; the HTTP server itself is closed by Fastify. */
  close(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.io.disconnectSockets(true);
    this.io.engine.close();
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    const auth: unknown = socket.handshake.auth;
    const token = typeof auth === 'object' && auth !== null && 'token' in auth ? auth.token : undefined;
    const client = { ip: socket.handshake.address || null, userAgent: null };
    const context = await this.deps.auth.authenticate(typeof token === 'string' ? token : undefined, client);
    if (context.user.mustChangeCredentials) {
      throw new AppError('CREDENTIALS_CHANGE_REQUIRED', 'change the first-start username and password first');
    }
    if (context.secondFactorEnrolmentDue) throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', 'set up a second factor first');
    socket.data = {
      sessionId: context.sessionId,
      userId: context.user.id,
      expiresAt: context.expiresAt,
      scopes: context.apiToken?.scopes ?? null,
      ...roomFlags(context.user.permissions, context.user.cameras),
    };
  }

  /**
   * An admin changed a user's permissions: every socket of that user leaves the rooms it may no longer be in
   * (and joins the ones it may now), at once, so no event that needs a lost permission reaches it again.
   * Sockets still in the handshake carry the old flags only until onConnection joins; that window is a few ms.
   */
  private applyPermissions(userId: number, permissions: Permission[], cameras: string[] | null): void {
    for (const socket of this.io.of('/').sockets.values()) {
      if (socket.data.userId !== userId) continue;
      const flags = roomFlags(socket.data.scopes ? grantedScopes(socket.data.scopes, permissions) : permissions, cameras);
      const recount = flags.notifications && (!socket.data.notifications || JSON.stringify(socket.data.cameraList) !== JSON.stringify(flags.cameraList));
      socket.data = { ...socket.data, ...flags };
      for (const [room, member] of [
        [CAMERAS_ROOM, flags.cameras],
        [NOTIFICATIONS_ROOM, flags.notifications],
        [RECORDINGS_ROOM, flags.recordings],
        [CAMERA_SETTINGS_ROOM, flags.cameraSettings],
        [ADMIN_ROOM, flags.admin],
        [LIMITED_ROOM, flags.cameraList !== null],
      ] as const) {
        if (member) void socket.join(room);
        else void socket.leave(room);
      }
      if (recount) this.sendNotificationSize(socket);
    }
  }

  private onConnection(socket: RealtimeSocket): void {
    const { sessionId, userId, expiresAt, notifications, cameras, recordings, cameraSettings, admin, cameraList } = socket.data;
    void socket.join([
      ...(cameraList !== null ? [LIMITED_ROOM] : []),
      sessionRoom(sessionId),
      userRoom(userId),
      ...(cameras ? [CAMERAS_ROOM] : []),
      ...(notifications ? [NOTIFICATIONS_ROOM] : []),
      ...(recordings ? [RECORDINGS_ROOM] : []),
      ...(cameraSettings ? [CAMERA_SETTINGS_ROOM] : []),
      ...(admin ? [ADMIN_ROOM] : []),
    ]);
    // Each socket ends itself when its session expires; no request has to come by to notice.
    const cancelExpiry = this.deps.clock.setTimer(Date.parse(expiresAt) - this.deps.clock.now(), () => {
      socket.emit('sessionEnded');
      socket.disconnect(true);
    });
    socket.once('disconnect', () => cancelExpiry());
    if (cameras && this.deps.cameraStatuses) {
      try {
        for (const status of scopeOf(socket).filter(this.deps.cameraStatuses(), (s) => s.name)) socket.emit('cameraState', status);
      } catch (error) {
        this.deps.log.error({ err: error }, 'camera states for a new socket failed');
      }
    }
    if (notifications) this.sendNotificationSize(socket);
  }
}
