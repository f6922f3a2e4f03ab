import type { DomainEvents, EventBus } from '../events/event-bus.js';
import type { CameraService } from '../services/camera.service.js';
import type { CameraStreamService } from '../services/camera-stream.service.js';
import type { ConfigService } from '../services/config.service.js';
import { writeAudit, type AuditEntry, type AuditLogger } from './audit-record.js';
import { cameraChanges, settingsChange } from './describe-config.js';
import { doorbellPressed, motionEnded, motionStarted, objectDetected, recordingCompleted, recordingsRemoved, recordingStarted, streamState } from './describe-events.js';
import { backupDownloaded, restartRequested, restoreRequested } from './describe-system.js';
import { accountChanged, secondFactorChanged, signedIn, signInFailed } from './describe-users.js';
import { apiTokenChanged, sessionsEnded } from './describe-access.js';

export interface AuditLogDeps {
  bus: EventBus;
  cameras: CameraService;
  config: ConfigService;
  /** The streams' up/down/offline changes (followed from start on). */
  streams: Pick<CameraStreamService, 'onStreamState'>;
  log: AuditLogger;
}

type Describer<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => AuditEntry | null;

/** Which domain event becomes which line. */
const DESCRIBERS: { [K in keyof DomainEvents]?: Describer<K> } = {
  SignedIn: signedIn,
  SignInFailed: signInFailed,
  AccountChanged: accountChanged,
  SecondFactorChanged: secondFactorChanged,
  SessionsEnded: sessionsEnded,
  ApiTokenChanged: apiTokenChanged,
  MotionStarted: motionStarted,
  MotionEnded: motionEnded,
  DoorbellPressed: doorbellPressed,
  ObjectDetected: objectDetected,
  RecordingStarted: recordingStarted,
  RecordingCompleted: recordingCompleted,
  RecordingsRemoved: recordingsRemoved,
  RestartRequested: restartRequested,
  BackupDownloaded: backupDownloaded,
  RestoreRequested: restoreRequested,
};

/**
 * The Console as an audit trail (issue 16): one listener for the domain events, the camera and settings changes and
 * the streams' states, each written as one `info` line (a warning where something went wrong) with its subject and
 * its Console source. The services only publish what happened; the wording lives in the describe-* files. Alert
 * deliveries are written by the alert workers (alerts/channel-worker.ts), which alone know the outcome.
 */
export class AuditLog {
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: AuditLogDeps) {}

  start(): void {
    const { cameras, config, streams } = this.deps;
    for (const event of Object.keys(DESCRIBERS) as (keyof DomainEvents)[]) this.follow(event);
    this.unsubscribe.push(
      cameras.onChange((next, previous, origin) => this.write(cameraChanges(next, previous, origin))),
      config.onChange((next, previous, origin) => this.write([settingsChange(next, previous, origin)])),
      streams.onStreamState((event) => this.write([streamState(event)])),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private follow<K extends keyof DomainEvents>(event: K): void {
    const describe: Describer<K> | undefined = DESCRIBERS[event];
    if (!describe) return;
    this.unsubscribe.push(this.deps.bus.subscribe(event, (payload) => this.write([describe(payload)])));
  }

  private write(entries: readonly (AuditEntry | null)[]): void {
    for (const entry of entries) if (entry) writeAudit(this.deps.log, entry);
  }
}
