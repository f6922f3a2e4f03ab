import { createHash, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * External motion/doorbell triggers (HTTP, MQTT, SMTP, FTP). Each one turns its protocol's message into a call
 * on a `TriggerSink` and reports whether it is online. They know nothing about recordings, At Home or privacy:
 * the sink decides and the trigger passes its answer back to the peer where the protocol allows it.
 */
export type TriggerName = 'http' | 'mqtt' | 'smtp' | 'ftp';
export const TRIGGER_NAMES: readonly TriggerName[] = ['http', 'mqtt', 'smtp', 'ftp'];

export type TriggerStatus = 'online' | 'offline';

/** What a sink answers. `unknownCamera` is also used by the triggers themselves, before the sink is called. */
export type TriggerResult =
  | { accepted: true; message?: string }
  | { accepted: false; reason: TriggerRejection; message: string };

/**
 * `unknownCamera`: no camera by that name (the triggers check this first and then never call the sink);
 * `skipped`: the camera exists, but the event is not handled now (At Home, privacy, disabled, cooldown …);
 * `failed`: the sink threw (the trigger turns the throw into this, so a faulty handler never takes it down).
 */
export type TriggerRejection = 'unknownCamera' | 'skipped' | 'failed';

export interface TriggerExtra {
  /** A picture that came with the trigger (SMTP attachment, FTP upload): a candidate for the event's snapshot. */
  image?: Buffer;
}

/**
 * Where triggers deliver. `camera` is always the configured name (as written in config.json), never the
 * spelling the peer used. May answer asynchronously (e.g. after the camera's motion delay); the peer waits.
 */
export interface TriggerSink {
  motion(camera: string, source: TriggerName, extra?: TriggerExtra): TriggerResult | Promise<TriggerResult>;
  motionReset(camera: string, source: TriggerName): TriggerResult | Promise<TriggerResult>;
  doorbell(camera: string, source: TriggerName): TriggerResult | Promise<TriggerResult>;
}

export type TriggerAction = 'motion' | 'motionReset' | 'doorbell';

/**
 * The parts of a config.json camera the triggers read. `Camera` from @homecam/shared fits it, and so does a raw
 * config entry. Whatever the provider returns is what the triggers know: leave out disabled cameras there if
 * they must count as unknown.
 */
export interface TriggerCamera {
  name: string;
  mqtt?:
    | {
        motionTopic?: string | undefined;
        motionMessage?: string | undefined;
        motionResetTopic?: string | undefined;
        motionResetMessage?: string | undefined;
        doorbellTopic?: string | undefined;
        doorbellMessage?: string | undefined;
      }
    | undefined;
  smtp?: { email?: string | undefined; from?: string | undefined; body?: string | undefined } | undefined;
}

/** Read on every message, so camera changes apply without a restart. */
export type CamerasProvider = () => readonly TriggerCamera[];

/** A pino logger fits as is. Nothing passed here holds a password. */
export interface TriggerLogger {
  debug(context: object, message: string): void;
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

const noop = (): void => undefined;
export const silentTriggerLogger: TriggerLogger = { debug: noop, info: noop, warn: noop, error: noop };

/** What every trigger's constructor takes besides its own options. */
export interface TriggerDeps {
  cameras: CamerasProvider;
  sink: TriggerSink;
  logger?: TriggerLogger;
}

export interface TriggerStatusEvent {
  name: TriggerName;
  status: TriggerStatus;
  /** Why it is offline while it should run (port in use, broker refused …); null when online or stopped on purpose. */
  error: string | null;
}

export interface Trigger {
  readonly name: TriggerName;
  /** Resolves once listening (servers) or after the first connection attempt (MQTT). Rejects with a clear message. */
  start(): Promise<void>;
  /** Closes the listener and every open connection; resolves when the port is free again. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  status(): TriggerStatus;
  /** The last failure while it should be running, else null. */
  lastError(): string | null;
  /** Started and not stopped since (it may still be offline: MQTT reconnecting). */
  isRunning(): boolean;
  on(event: 'status', listener: (event: TriggerStatusEvent) => void): this;
  off(event: 'status', listener: (event: TriggerStatusEvent) => void): this;
}

/**
 * Resolves a name as peers spell it to the configured camera: case and surrounding blanks never matter
 * (config.json names are unique that way); when nothing matches so, a unique match with all blanks removed
 * counts too (`FrontDoor` → `Front Door`, as the original compared).
 */
export function findCamera<T extends { name: string }>(cameras: readonly T[], name: string): T | undefined {
  const key = name.trim().toLowerCase();
  if (!key) return undefined;
  const exact = cameras.find((camera) => camera.name.trim().toLowerCase() === key);
  if (exact) return exact;
  const squash = (value: string): string => value.replace(/\s+/g, '').toLowerCase();
  const loose = cameras.filter((camera) => squash(camera.name) === squash(name));
  return loose.length === 1 ? loose[0] : undefined;
}

export function unknownCamera(name: string): TriggerResult {
  return { accepted: false, reason: 'unknownCamera', message: `Camera '${name}' not found` };
}

/** Compares secrets in constant time whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Turns a listen error into a message for people. */
export function listenErrorMessage(what: string, port: number, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return `${what}: port ${port} is already in use`;
  if (code === 'EACCES') return `${what}: port ${port} needs elevated privileges`;
  if (code === 'EADDRNOTAVAIL') return `${what}: the address to listen on does not exist on this machine`;
  return `${what}: ${errorMessage(error)}`;
}

/** Longest wait for a sink's answer (camera.ui's motion delay is at most 10 s). */
export const SINK_TIMEOUT_MS = 30_000;

/**
 * Start/stop bookkeeping shared by all triggers: calls are serialised (a restart during a start waits for it),
 * and a `status` event is emitted on every change of status or error. Every trigger is built from its own
 * options and the common deps, so the constructor lives here.
 */
export abstract class BaseTrigger<Options> extends EventEmitter implements Trigger {
  abstract readonly name: TriggerName;
  protected readonly log: TriggerLogger;
  private readonly camerasProvider: CamerasProvider;
  protected readonly sink: TriggerSink;
  private current: TriggerStatus = 'offline';
  private error: string | null = null;
  private running = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    protected readonly options: Options,
    deps: TriggerDeps,
  ) {
    super();
    this.camerasProvider = deps.cameras;
    this.sink = deps.sink;
    this.log = deps.logger ?? silentTriggerLogger;
  }

  /** Open the listener or connection. Throw a clear Error when it cannot. */
  protected abstract doStart(): Promise<void>;
  /** Close everything; must not throw. */
  protected abstract doStop(): Promise<void>;

  start(): Promise<void> {
    return this.serialise(async () => {
      if (this.running) return;
      try {
        await this.doStart();
        this.running = true;
      } catch (error) {
        await this.doStop();
        this.setStatus('offline', errorMessage(error));
        throw error;
      }
    });
  }

  stop(): Promise<void> {
    return this.serialise(async () => {
      this.running = false;
      await this.doStop();
      this.setStatus('offline', null);
    });
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  override on(event: 'status', listener: (event: TriggerStatusEvent) => void): this {
    return super.on(event, listener);
  }

  override off(event: 'status', listener: (event: TriggerStatusEvent) => void): this {
    return super.off(event, listener);
  }

  status(): TriggerStatus {
    return this.current;
  }

  lastError(): string | null {
    return this.error;
  }

  isRunning(): boolean {
    return this.running;
  }

  /** The cameras now; a throwing provider counts as no cameras (logged), never as a crash in a protocol handler. */
  protected cameras(): readonly TriggerCamera[] {
    try {
      return this.camerasProvider();
    } catch (error) {
      this.log.error({ trigger: this.name, err: errorMessage(error) }, 'reading the cameras failed');
      return [];
    }
  }

  /**
   * Calls the sink; a throw, or no answer within SINK_TIMEOUT_MS, becomes a `failed` result (logged here), so
   * every peer still gets an answer.
   */
  protected async deliver(action: TriggerAction, camera: string, extra?: TriggerExtra): Promise<TriggerResult> {
    let timer: NodeJS.Timeout | undefined;
    const call = async (): Promise<TriggerResult> => {
      switch (action) {
        case 'motion':
          return await this.sink.motion(camera, this.name, extra);
        case 'motionReset':
          return await this.sink.motionReset(camera, this.name);
        case 'doorbell':
          return await this.sink.doorbell(camera, this.name);
      }
    };
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${SINK_TIMEOUT_MS / 1000} s`)), SINK_TIMEOUT_MS);
      });
      return await Promise.race([call(), timeout]);
    } catch (error) {
      this.log.error({ trigger: this.name, camera, action, err: errorMessage(error) }, 'trigger handler failed');
      return { accepted: false, reason: 'failed', message: `Handling ${action} for '${camera}' failed` };
    } finally {
      clearTimeout(timer);
    }
  }

  protected setStatus(status: TriggerStatus, error: string | null): void {
    if (status === this.current && error === this.error) return;
    this.current = status;
    this.error = error;
    const event: TriggerStatusEvent = { name: this.name, status, error };
    if (error) this.log.warn({ trigger: this.name, status }, error);
    else this.log.info({ trigger: this.name, status }, `${this.name} trigger ${status}`);
    this.emit('status', event);
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
