/** The fake ONVIF device's public types (tools/src/onvif-fake/device.ts starts it). */

export interface FakeOnvifOptions {
  /** Stream URIs GetStreamUri answers, normally the RTSP simulator's (tools/camera-sim), without credentials. */
  streams: { main: string; sub: string };
  /** Listen address for HTTP (SOAP + snapshot); 127.0.0.1 unless a test in a network namespace says otherwise. */
  host?: string;
  /** HTTP port; default one the OS picks, kept across restarts. */
  port?: number;
  /** WS-Security UsernameToken the device accepts. Default admin / secret. */
  user?: string;
  password?: string;
  manufacturer?: string;
  model?: string;
  /** The name the device announces in its discovery scopes (onvif://www.onvif.org/name/…). */
  name?: string;
  serialNumber?: string;
  mainSize?: { width: number; height: number };
  subSize?: { width: number; height: number };
  /** Reports a PTZ service (default true). */
  ptz?: boolean;
  /** The device's clock is this many seconds ahead of the host's (negative: behind). Digests are checked against it. */
  clockSkewSeconds?: number;
  /** How far a digest's Created may be from the device's clock, in seconds (default 5: replay protection). */
  createdToleranceSeconds?: number;
  /** HTTP status of an authentication failure: 400 with a ter:NotAuthorized fault (ONVIF core spec) or 401. */
  unauthorizedStatus?: 400 | 401;
  /** Answer WS-Discovery probes on UDP 3702 (multicast 239.255.255.250); needs a network namespace. Default false. */
  discovery?: boolean;
  /** Address the discovery socket joins the group on (default the HTTP host). */
  multicastInterface?: string;
}

export type OnvifService = 'device' | 'media' | 'ptz' | 'events' | 'subscription' | 'snapshot';

/** One request the device received, for tests to assert. */
export interface OnvifCall {
  service: OnvifService;
  /** The SOAP body's first element (e.g. `ContinuousMove`), or `GET` for the snapshot. */
  action: string;
  /** Whether it carried a valid WS-Security digest. */
  authenticated: boolean;
  /** Simple values of the request (e.g. `x`, `y`, `zoom` of a velocity, `PresetToken`, `Timeout`). */
  params: Record<string, string>;
  at: number;
}

export interface PtzState {
  pan: number;
  tilt: number;
  zoom: number;
  /** The velocity of the running ContinuousMove, or null when stopped. */
  moving: { pan: number; tilt: number; zoom: number } | null;
  presets: { token: string; name: string; pan: number; tilt: number; zoom: number }[];
}

export interface FakeOnvifDevice {
  /** The device service address, e.g. http://127.0.0.1:8123/onvif/device_service. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly running: boolean;
  /** Every request since the start or the last `clearCalls()`, oldest first. */
  readonly calls: readonly OnvifCall[];
  callsOf(action: string): OnvifCall[];
  clearCalls(): void;
  readonly ptz: PtzState;
  /** Live subscriptions (pull points). */
  readonly subscriptionCount: number;
  setClockSkew(seconds: number): void;
  setCredentials(user: string, password: string): void;
  /** While true the device accepts connections and reads requests but never answers (a hung camera). */
  setUnresponsive(unresponsive: boolean): void;
  /** Queues tns1:RuleEngine/CellMotionDetector/Motion with IsMotion = `isMotion` on every pull point. */
  emitMotion(isMotion: boolean): void;
  /** Queues any simple event, e.g. ('tns1:Device/Trigger/DigitalInput', 'LogicalState', 'true'). */
  emitEvent(topic: string, name: string, value: string): void;
  /** Closes HTTP and discovery; subscriptions are forgotten, as on a camera reboot. */
  stop(): Promise<void>;
  /** Starts again on the same port. */
  start(): Promise<void>;
  restart(): Promise<void>;
}
