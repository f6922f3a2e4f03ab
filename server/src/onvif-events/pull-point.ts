import { NAMESPACES, OnvifCallError, child, list, soapCall, text, type OnvifCredentials, type XmlNode } from './soap-client.js';

/**
 * One camera's pull point: the clock offset (WS-Security digests are checked against the camera's clock), the
 * events service address, and CreatePullPointSubscription / PullMessages / Renew / Unsubscribe.
 */

export interface CameraEndpoint {
  /** The device service address from the camera's settings. */
  device: URL;
  credentials: OnvifCredentials;
}

/** One notification, reduced to what the mapping needs. */
export interface OnvifNotification {
  /** As sent, e.g. `tns1:RuleEngine/CellMotionDetector/Motion`, at most 256 characters. */
  topic: string;
  /** `Initialized` (the state at subscription time), `Changed`, `Deleted`, or empty. */
  operation: string;
  /** The Data items (name → value), at most MAX_ITEMS. */
  data: Map<string, string>;
}

const MAX_ITEMS = 16;
const MAX_NOTIFICATIONS = 100;
const MAX_TOPIC_LENGTH = 256;
/** Renew before half the subscription is used up; pull at most this long (ONVIF guarantees a minute). */
const MAX_PULL_SECONDS = 60;

const date = (value: string): number => {
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : Number.NaN;
};

/** A camera's UTC clock from GetSystemDateAndTime, or NaN when the answer lacks it. */
function cameraClock(body: XmlNode): number {
  const utc = child(child(child(body, 'GetSystemDateAndTimeResponse'), 'SystemDateAndTime'), 'UTCDateTime');
  const d = child(utc, 'Date');
  const t = child(utc, 'Time');
  const n = (node: XmlNode, name: string) => Number(text(child(node, name)));
  return Date.UTC(n(d, 'Year'), n(d, 'Month') - 1, n(d, 'Day'), n(t, 'Hour'), n(t, 'Minute'), n(t, 'Second'));
}

/**
 * A service address the camera reported, moved to the origin of the configured address: cameras behind NAT or
 * port forwarding report their inner address, and HomeCam sends requests only where its owner pointed it.
 */
function onConfiguredOrigin(reported: string, device: URL): URL {
  let path = '/onvif/events_service';
  try {
    const url = new URL(reported);
    path = `${url.pathname}${url.search}`;
  } catch {
    if (reported.startsWith('/')) path = reported;
  }
  return new URL(path, device.origin);
}

export class PullPoint {
  /** Camera clock minus this machine's clock. */
  private offsetMs = 0;
  private address: URL | null = null;
  private terminationAt = 0;

  constructor(
    private readonly endpoint: CameraEndpoint,
    private readonly requestTimeoutMs: number,
  ) {}

  /** When the subscription ends unless renewed (this machine's clock). */
  get terminatesAt(): number {
    return this.terminationAt;
  }

  get subscribed(): boolean {
    return this.address !== null;
  }

  private call(url: URL, body: string, signal: AbortSignal, timeoutMs = this.requestTimeoutMs, anonymous = false): Promise<XmlNode> {
    const credentials = anonymous ? null : this.endpoint.credentials;
    return soapCall({ url, body, credentials, cameraNow: Date.now() + this.offsetMs, timeoutMs, signal });
  }

  /** Reads the camera's clock, finds its events service and subscribes for `seconds`. */
  async subscribe(seconds: number, signal: AbortSignal): Promise<void> {
    const time = await this.call(this.endpoint.device, `<GetSystemDateAndTime xmlns="${NAMESPACES.tds}"/>`, signal, this.requestTimeoutMs, true);
    const clock = cameraClock(time);
    this.offsetMs = Number.isFinite(clock) ? clock - Date.now() : 0;
    const capabilities = await this.call(
      this.endpoint.device,
      `<GetCapabilities xmlns="${NAMESPACES.tds}"><Category>Events</Category></GetCapabilities>`,
      signal,
    );
    const eventsAddress = text(child(child(child(child(capabilities, 'GetCapabilitiesResponse'), 'Capabilities'), 'Events'), 'XAddr'));
    if (!eventsAddress) throw new OnvifCallError('the camera reports no ONVIF events service', 'fault');
    const created = await this.call(
      onConfiguredOrigin(eventsAddress, this.endpoint.device),
      `<CreatePullPointSubscription xmlns="${NAMESPACES.tev}"><InitialTerminationTime>PT${seconds}S</InitialTerminationTime></CreatePullPointSubscription>`,
      signal,
    );
    const response = child(created, 'CreatePullPointSubscriptionResponse');
    const address = text(child(child(response, 'SubscriptionReference'), 'Address'));
    if (!address) throw new OnvifCallError('the camera made no pull point', 'fault');
    this.address = onConfiguredOrigin(address, this.endpoint.device);
    this.setTermination(response, seconds);
  }

  /** Waits up to `seconds` for notifications (the camera answers at once when it has some). */
  async pull(seconds: number, limit: number, signal: AbortSignal): Promise<OnvifNotification[]> {
    const wait = Math.max(1, Math.min(MAX_PULL_SECONDS, Math.round(seconds)));
    const body = await this.call(
      this.requireAddress(),
      `<PullMessages xmlns="${NAMESPACES.tev}"><Timeout>PT${wait}S</Timeout><MessageLimit>${limit}</MessageLimit></PullMessages>`,
      signal,
      this.requestTimeoutMs + wait * 1000,
    );
    const response = child(body, 'PullMessagesResponse');
    return list(response, 'NotificationMessage').slice(0, MAX_NOTIFICATIONS).map(notificationOf);
  }

  async renew(seconds: number, signal: AbortSignal): Promise<void> {
    const body = await this.call(
      this.requireAddress(),
      `<Renew xmlns="${NAMESPACES.wsnt}"><TerminationTime>PT${seconds}S</TerminationTime></Renew>`,
      signal,
    );
    this.setTermination(child(body, 'RenewResponse'), seconds);
  }

  /** Ends the subscription on the camera; failures are the caller's to ignore (the camera forgets it in time anyway). */
  async unsubscribe(signal: AbortSignal): Promise<void> {
    const address = this.address;
    this.address = null;
    if (address) await this.call(address, `<Unsubscribe xmlns="${NAMESPACES.wsnt}"/>`, signal);
  }

  /** Forgets the subscription without telling the camera (it is gone there: restarted, or expired). */
  forget(): void {
    this.address = null;
  }

  private requireAddress(): URL {
    if (!this.address) throw new OnvifCallError('no pull point', 'fault');
    return this.address;
  }

  /** TerminationTime on the camera's clock, moved to this machine's; the asked duration when it is missing. */
  private setTermination(response: XmlNode, seconds: number): void {
    const current = date(text(child(response, 'CurrentTime')));
    const termination = date(text(child(response, 'TerminationTime')));
    const granted = Number.isFinite(current) && Number.isFinite(termination) ? termination - current : termination - (Date.now() + this.offsetMs);
    this.terminationAt = Date.now() + (Number.isFinite(granted) && granted > 0 ? granted : seconds * 1000);
  }
}

function notificationOf(node: unknown): OnvifNotification {
  const topic = text(child(node, 'Topic')).slice(0, MAX_TOPIC_LENGTH);
  const message = child(child(node, 'Message'), 'Message');
  const data = new Map<string, string>();
  for (const item of list(child(message, 'Data'), 'SimpleItem').slice(0, MAX_ITEMS)) {
    const entry = item !== null && typeof item === 'object' ? (item as XmlNode) : {};
    const name = entry['@Name'];
    const value = entry['@Value'];
    if (typeof name === 'string' && typeof value === 'string') data.set(name.slice(0, 64), value.slice(0, 64));
  }
  const operation = message['@PropertyOperation'];
  return { topic, operation: typeof operation === 'string' ? operation.slice(0, 32) : '', data };
}
