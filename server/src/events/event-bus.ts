import type { CameraStatus, EventSource, ExportJob, Notification, ObjectBox, Permission, Recording } from '@homecam/shared';
import { EventEmitter } from 'node:events';
import type { Actor } from './actor.js';

export type { Actor } from './actor.js';

/** What an account change touched (never the values of secrets). */
export type AccountChange = 'username' | 'password' | 'permissions' | 'sessionTimer' | 'cameras';

/**
 * In-process domain events. Services publish here instead of importing socket.io, so the realtime gateway
 * (and later the cameras and notifiers) can react without the services knowing about them.
 */
export interface DomainEvents {
  /**
   * These sessions ended (logout, user deleted, password changed elsewhere; issue 21: ended from the signed-in
   * devices list (`by` who), a second factor changed, an API token revoked as `apiToken:<id>`); their sockets and
   * live streams must go. Expiry needs no event: each socket carries its own timer.
   */
  SessionsEnded: {
    sessionIds: string[];
    reason: 'logout' | 'userDeleted' | 'passwordChanged' | 'ended' | 'secondFactorChanged' | 'apiTokenRevoked';
    /** Whose sessions and who ended them (issue 21: for the audit trail). */
    by?: { user: string; actor: Actor } | undefined;
  };
  /** A camera's (main stream's) state changed; the reason holds no credentials. */
  CameraStateChanged: { status: CameraStatus };
  /** Motion began on a camera (or continues: `continued` is true while an earlier motion has not ended). */
  MotionStarted: { camera: string; source: EventSource; at: number; image?: Buffer | undefined; continued: boolean; eventId: string };
  MotionEnded: { camera: string; source: EventSource; at: number; reason: 'reset' | 'timeout'; startedAt?: number | undefined };
  DoorbellPressed: { camera: string; source: EventSource; at: number; eventId: string };
  /**
   * The local object detector (server/src/detection) saw an object of one of the camera's labels in its zone: a new
   * one, or a parked one that moved on (`reason`). A camera event of its own (notification, recording, alerts),
   * found while the camera's motion event is open. `image`: the frame as a JPEG with the boxes drawn.
   */
  ObjectDetected: {
    camera: string;
    source: EventSource;
    at: number;
    eventId: string;
    label: string;
    /** 0–100, like an image analysis confidence. */
    score: number;
    /** In pixels of `frame`. */
    box: ObjectBox;
    frame: { width: number; height: number };
    reason: 'new' | 'moved';
    image: Buffer;
  };
  /** Stored; the gateway tells the users who may see notifications. */
  NotificationCreated: { notification: Notification };
  /** These notifications were removed (null = all). */
  NotificationsRemoved: { ids: string[] | null };
  /**
   * A recording holds this camera event: a new clip (`id` is the event's) or the running clip the event
   * extended. Published from the recorder's own MotionStarted/DoorbellPressed/ObjectDetected listener; the notification of the
   * event links the clip through it (NotificationService waits for the publish to finish, so order is no matter).
   */
  RecordingStarted: { eventId: string; id: string; thumbnail: string | null; camera: string; extended: boolean };
  RecordingCompleted: { recording: Recording };
  /** `why`: a user deleted them (`by`), or retention (age, then size/free space) did. `cameras`: whose they were. */
  RecordingsRemoved: { ids: string[] | null; count: number; cameras: string[]; why: 'deleted' | 'expired' | 'space'; by?: Actor | undefined };
  /**
   * A user's permission list or camera list (issue 21: null = every camera) changed, by an admin or because a
   * camera was renamed or removed: open live streams and sockets of that user are re-checked at once.
   */
  UserPermissionsChanged: { userId: number; permissions: Permission[]; cameras: string[] | null };
  /**
   * Someone (an admin from Settings → System, a restore that staged new data) asked for a clean restart: main.ts
   * stops the app and exits with RESTART_EXIT_CODE so the start script or the process manager starts it again.
   */
  RestartRequested: { reason: 'admin' | 'restore'; by?: Actor | undefined };
  /** The audit trail's events (audit/audit-log.ts writes them to the Console); nothing else needs to react. */
  SignedIn: { user: string; address: string | null };
  /**
   * A sign-in refused: wrong name or password, or too many failures (`throttled`). `user` is the account's name when
   * an account has the name that was tried, else null: a name that is no account is often a password typed into
   * the wrong field, so it is never logged.
   */
  SignInFailed: { user: string | null; address: string | null; reason: 'credentials' | 'throttled' | 'secondFactor' | 'passkey' };
  /**
   * Issue 21: a user's second factor changed: the app set up or turned off by its owner, a recovery code used at a
   * sign-in (`by` null), or every factor reset by an admin (a lost phone). A passkey added, renamed or removed by its
   * owner names the passkey (`passkey`, the name the owner gave it; a rename also `previousPasskey`, the name before).
   */
  SecondFactorChanged: {
    user: string;
    change: 'totpEnabled' | 'totpDisabled' | 'recoveryCodeUsed' | 'passkeyAdded' | 'passkeyRenamed' | 'passkeyRemoved' | 'reset';
    by: Actor | null;
    passkey?: string;
    previousPasskey?: string;
  };
  /** Issue 21: an API token made by its owner, or revoked (by its owner or an admin). Never the token. */
  ApiTokenChanged: { user: string; action: 'created' | 'revoked'; name: string; scopes: Permission[]; expiresAt: string | null; by: Actor };
  AccountChanged: {
    action: 'added' | 'changed' | 'removed';
    user: string;
    by: Actor | null;
    changes: AccountChange[];
    /** The name before a rename. */
    previousName?: string | undefined;
    /** The permissions after an add or a permission change. */
    permissions?: Permission[] | undefined;
    /** Issue 21: the camera list after an add or a change of it (null = every camera). */
    cameras?: string[] | null | undefined;
  };
  BackupDownloaded: { by: Actor; what: 'archive' | 'daily'; recordings: boolean; redacted: boolean; name: string };
  /** A restore upload: staged (the restart follows) or refused with an error code. */
  RestoreRequested: { by: Actor; outcome: 'staged' | { refused: string } };
  /** An export job changed (issue 19): the gateway tells its owner's sockets (`exportProgress`). */
  ExportProgress: { job: ExportJob };
}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;

export class EventBus {
  private readonly emitter = new EventEmitter();

  /** `onListenerError`: where a throwing listener is reported (the app logs it). */
  constructor(private readonly onListenerError: (error: unknown, event: keyof DomainEvents) => void = () => undefined) {
    // Subscribers are per connection by design (each live socket listens for its session's end), so Node's
    // leak warning at 11 listeners would fire on any install with more viewers; every subscriber unsubscribes
    // when its connection closes (see listenerCount).
    this.emitter.setMaxListeners(0);
  }

  /**
   * Every listener runs, in order, even when an earlier one throws (a faulty listener must not drop the event
   * for the others); async listeners are not awaited, so one event in progress never holds up the next.
   */
  publish<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void {
    for (const listener of this.emitter.listeners(event) as Listener<K>[]) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  /** How many subscribers an event has: lets tests prove that closed connections unsubscribed. */
  listenerCount(event: keyof DomainEvents): number {
    return this.emitter.listenerCount(event);
  }

  /** Returns the unsubscribe function. */
  subscribe<K extends keyof DomainEvents>(event: K, listener: Listener<K>): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
