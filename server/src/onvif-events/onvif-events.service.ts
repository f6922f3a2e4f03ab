import { parseOnvifAddress, type Camera, type OnvifEventStatus } from '@homecam/shared';
import { problemCodeOf } from '../integrations/problem-code.js';
import { CameraSubscription, DEFAULT_TIMING, type OnvifEventsTiming, type SubscriptionReport } from './camera-subscription.js';
import { actionOf } from './event-mapping.js';
import type { CameraEndpoint, OnvifNotification } from './pull-point.js';

/** What the service hands events to (CameraEventService and NotificationService fit). */
export interface OnvifEventSinks {
  motionStart(camera: string, source: 'onvif'): unknown;
  motionReset(camera: string, source: 'onvif'): unknown;
  doorbell(camera: string, source: 'onvif'): unknown;
  /** A tamper alarm: a warning notification. */
  tamper(camera: string): Promise<unknown>;
}

export interface OnvifEventsLogger {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface OnvifEventsDeps {
  cameras: () => readonly Camera[];
  sinks: OnvifEventSinks;
  log: OnvifEventsLogger;
  timing?: Partial<OnvifEventsTiming> | undefined;
}

/** One tamper notification per camera per this long: a camera reports a covered lens many times a second. */
const TAMPER_QUIET_MS = 60_000;

interface Running {
  /** The connection settings it was made with: a change makes a new subscription. */
  key: string;
  password: string;
  subscription: CameraSubscription;
  status: OnvifEventStatus;
  lastTamper: number;
  /** When a last-event time was last pushed, and the push of the latest one waiting for timing.lastEventPushMs. */
  lastEventPushed: number;
  lastEventPush: ReturnType<typeof setTimeout> | null;
}

/**
 * Where and as whom: `onvif.url` holds the device service address with the user and password inside (as camera
 * sources do), parsed by the same rules as everywhere (onvif.ts: http(s), a host, a port from 1 to 65535, the
 * default path when none). The URL requests go to carries no credentials: they only enter the WS-Security digest.
 */
export function endpointOf(url: string): CameraEndpoint {
  const address = parseOnvifAddress(url);
  return {
    device: new URL(`${address.protocol}://${address.hostname}:${address.port}${address.path}`),
    credentials: { username: address.user ?? '', password: address.password ?? '' },
  };
}

type Followed = Camera & { onvif: NonNullable<Camera['onvif']> & { url: string } };

/** The cameras whose ONVIF events should be followed: switched on, with an address, and not disabled. */
function wanted(camera: Camera): camera is Followed {
  return camera.onvifEvents && !!camera.onvif?.url && !camera.disable;
}

/**
 * Issue 22: a pull-point subscription per camera that has "Use the camera's own motion events (ONVIF)" on, kept in
 * step with the camera settings (`apply` after every config change): a new or changed camera subscribes, a
 * removed, disabled or switched-off one unsubscribes. Notifications become motion start/end, doorbell and tamper.
 */
export class OnvifEventsService {
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Set<(status: OnvifEventStatus) => void>();
  private readonly timing: OnvifEventsTiming;
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly deps: OnvifEventsDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
  }

  /** Follows the camera settings now; calls are serialised so a burst of config changes ends in the last state. */
  apply(): Promise<void> {
    const next = this.applying.then(() => this.reconcile());
    this.applying = next.catch(() => undefined);
    return next;
  }

  status(camera: string): OnvifEventStatus {
    const key = camera.trim().toLowerCase();
    const entry = [...this.running.entries()].find(([name]) => name.trim().toLowerCase() === key);
    return entry ? { ...entry[1].status } : { camera, state: 'off', problem: null, subscribedAt: null, lastEventAt: null };
  }

  list(): OnvifEventStatus[] {
    return [...this.running.values()].map((entry) => ({ ...entry.status }));
  }

  /**
   * Hears every change of a camera's status (state, problem, last event; `off` when it stops being followed), so
   * the camera form is told instead of asking. Returns what stops it.
   */
  onStatus(listener: (status: OnvifEventStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    await this.applying;
    await Promise.all([...this.running.keys()].map((name) => this.end(name)));
  }

  private async reconcile(): Promise<void> {
    const cameras = new Map(this.deps.cameras().filter(wanted).map((camera) => [camera.name, camera]));
    const ending: Promise<void>[] = [];
    for (const [name, entry] of this.running) {
      const camera = cameras.get(name);
      if (!camera || connectionKey(camera) !== entry.key) ending.push(this.end(name));
    }
    await Promise.all(ending);
    for (const camera of cameras.values()) if (!this.running.has(camera.name)) this.begin(camera);
  }

  private begin(camera: Followed): void {
    let endpoint: CameraEndpoint;
    try {
      endpoint = endpointOf(camera.onvif.url);
    } catch {
      // The API only lets a valid address in; one hand-edited into config.json gets no subscription (logged once).
      this.deps.log.warn({ camera: camera.name }, 'ONVIF events: the camera\'s ONVIF address is not valid');
      return;
    }
    const { device } = endpoint;
    const password = endpoint.credentials.password;
    const name = camera.name;
    const entry: Running = {
      key: connectionKey(camera),
      password,
      status: { camera: name, state: 'connecting', problem: null, subscribedAt: null, lastEventAt: null },
      lastTamper: 0,
      lastEventPushed: 0,
      lastEventPush: null,
      subscription: new CameraSubscription(endpoint, this.timing, {
        notification: (notification) => this.handle(name, notification),
        status: (report) => this.report(name, report),
      }),
    };
    this.running.set(name, entry);
    this.deps.log.info({ camera: name, device: device.origin }, 'subscribing to the camera\'s ONVIF events');
    entry.subscription.start();
  }

  private async end(name: string): Promise<void> {
    const entry = this.running.get(name);
    if (!entry) return;
    this.running.delete(name);
    if (entry.lastEventPush) clearTimeout(entry.lastEventPush);
    await entry.subscription.stop();
    this.deps.log.info({ camera: name }, 'ONVIF event subscription ended');
    this.publish({ camera: name, state: 'off', problem: null, subscribedAt: null, lastEventAt: null });
  }

  private publishLastEvent(name: string, entry: Running): void {
    if (entry.lastEventPush) return; // the waiting push sends the latest time
    const wait = entry.lastEventPushed + this.timing.lastEventPushMs - Date.now();
    const push = (): void => {
      entry.lastEventPush = null;
      if (this.running.get(name) !== entry) return;
      entry.lastEventPushed = Date.now();
      this.publish(entry.status);
    };
    if (wait <= 0) return push();
    entry.lastEventPush = setTimeout(push, wait);
    entry.lastEventPush.unref?.();
  }

  private publish(status: OnvifEventStatus): void {
    for (const listener of this.listeners) {
      try {
        listener({ ...status });
      } catch (error) {
        this.deps.log.warn({ camera: status.camera, err: String(error) }, 'an ONVIF event status listener failed');
      }
    }
  }

  private report(name: string, report: SubscriptionReport): void {
    const entry = this.running.get(name);
    if (!entry) return;
    const now = new Date().toISOString();
    // The password never reaches a message here, but a camera could echo it in a fault text: cut it out anyway.
    const message = report.error && entry.password ? report.error.split(entry.password).join('***') : report.error;
    entry.status = {
      ...entry.status,
      state: report.state,
      problem: message ? { code: problemCodeOf(message), message, at: now } : null,
      subscribedAt: report.state === 'connected' ? now : entry.status.subscribedAt,
    };
    if (message) this.deps.log.warn({ camera: name, code: entry.status.problem?.code }, `ONVIF events: ${message}`);
    else if (report.state === 'connected') this.deps.log.info({ camera: name }, 'ONVIF events subscribed');
    this.publish(entry.status);
  }

  private handle(name: string, notification: OnvifNotification): void {
    const entry = this.running.get(name);
    const camera = this.deps.cameras().find((candidate) => candidate.name === name);
    if (!entry || !camera) return;
    const action = actionOf(notification, camera);
    if (!action) return;
    entry.status = { ...entry.status, lastEventAt: new Date().toISOString() };
    this.publishLastEvent(name, entry);
    const { sinks } = this.deps;
    if (action === 'motion') sinks.motionStart(name, 'onvif');
    else if (action === 'motionReset') sinks.motionReset(name, 'onvif');
    else if (action === 'doorbell') sinks.doorbell(name, 'onvif');
    else if (Date.now() - entry.lastTamper >= TAMPER_QUIET_MS) {
      entry.lastTamper = Date.now();
      sinks.tamper(name).catch((error: unknown) => this.deps.log.warn({ camera: name, err: String(error) }, 'the tamper notification failed'));
    }
  }
}

/** A changed address (credentials included) makes a new subscription. */
function connectionKey(camera: Followed): string {
  return camera.onvif.url;
}
