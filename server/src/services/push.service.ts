import { hasAnyPermission, type Language, type Notification, type Permission, type PushPayload, type PushStatus, type PushSubscriptionBody } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import { CameraScope } from './camera-scope.js';
import { AppError } from '../errors/app-error.js';
import { isInternalHost } from '../security/public-address.js';
import { pushMessage } from './push-texts.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { PushRecipient, PushSubscriptionRepository } from '../repositories/push-subscription.repository.js';
import type { VapidKeyRepository } from '../repositories/vapid-key.repository.js';
import type { VapidKeyPair } from '../security/vapid-keys.js';
import type { AuthContext } from './auth.service.js';
import type { ConfigService } from './config.service.js';

/** Spec §6: push subscription only for recordings:access or admin (hasAnyPermission lets admin pass). */
export const PUSH_PERMISSIONS = ['recordings:access'] as const satisfies readonly Permission[];

export interface PushServiceDeps {
  subscriptions: PushSubscriptionRepository;
  keys: VapidKeyRepository;
  generateKeys: () => VapidKeyPair;
  clock: Clock;
  bus?: EventBus | undefined;
  config?: ConfigService | undefined;
  /**
   * Browsers' push services are all https on public hosts. Refusing plain http and internal hosts (localhost,
   * loopback/private/link-local IPs) keeps a signed-in user from pointing the server's POSTs at a device on the
   * home network; tests with a loopback push service turn this on (it allows both).
   */
  allowHttpEndpoints?: boolean | undefined;
}

/** One push to send: to whom, and what (the payload is per recipient: the link depends on what they may open). */
export interface PushDelivery {
  recipient: PushRecipient;
  payload: PushPayload;
  urgency: 'normal' | 'high';
}

const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

/**
 * Browser push subscriptions (one per session) and the server's VAPID keys; decides who gets a push for a
 * notification. Sending is the PushNotifier's. Permissions are checked again when sending: a user who lost
 * recordings:access keeps the row until the session ends but gets nothing.
 */
export class PushService {
  private keyPair: Promise<VapidKeyPair> | null = null;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly deps: PushServiceDeps) {}

  /** A session that ended (logout, user deleted, password changed) takes its subscription with it. */
  start(onError: (error: unknown) => void): void {
    const { bus } = this.deps;
    if (!bus) return;
    this.listeners.push(
      bus.subscribe('SessionsEnded', ({ sessionIds }) => {
        this.deps.subscriptions.deleteBySessions(sessionIds).catch(onError);
      }),
    );
  }

  stop(): void {
    for (const off of this.listeners.splice(0)) off();
  }

  /**
   * The VAPID key pair, made and stored at first need. Shared by concurrent callers; a failed attempt is not
   * cached, so the next call tries again.
   */
  keys(): Promise<VapidKeyPair> {
    if (!this.keyPair) {
      const attempt = this.loadKeys();
      this.keyPair = attempt;
      attempt.catch(() => {
        if (this.keyPair === attempt) this.keyPair = null;
      });
    }
    return this.keyPair;
  }

  async status(auth: AuthContext): Promise<PushStatus> {
    const [keys, subscription] = await Promise.all([this.keys(), this.deps.subscriptions.findForSession(auth.sessionId)]);
    return { publicKey: keys.publicKey, subscription: subscription !== null, language: subscription?.language ?? null };
  }

  /** Stores (or replaces) the session's subscription. Returns whether this session had none before. */
  async subscribe(auth: AuthContext, body: PushSubscriptionBody): Promise<boolean> {
    const endpoint = new URL(body.endpoint);
    if (!this.deps.allowHttpEndpoints && endpoint.protocol !== 'https:') {
      throw new AppError('VALIDATION_FAILED', 'the push subscription is not valid', [{ path: 'endpoint', message: 'expected an https URL' }]);
    }
    // Browsers' push services are public hosts; the server would POST to whatever is stored here.
    if (!this.deps.allowHttpEndpoints && isInternalHost(endpoint.hostname)) {
      throw new AppError('VALIDATION_FAILED', 'the push subscription is not valid', [{ path: 'endpoint', message: 'expected a public push service host' }]);
    }
    checkKey(body.keys.p256dh, P256_POINT_BYTES, 'keys.p256dh', (bytes) => bytes[0] === 0x04);
    checkKey(body.keys.auth, AUTH_SECRET_BYTES, 'keys.auth');
    const existed = await this.deps.subscriptions.existsForSession(auth.sessionId);
    await this.deps.subscriptions.replace({
      id: randomUUID(),
      userId: auth.user.id,
      sessionId: auth.sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: new Date(this.deps.clock.now()).toISOString(),
      language: body.language ?? null,
    });
    return !existed;
  }

  /** Idempotent: no subscription is fine. */
  async unsubscribe(auth: AuthContext): Promise<void> {
    await this.deps.subscriptions.deleteBySessions([auth.sessionId]);
  }

  /** The push service said the subscription no longer exists (404/410). */
  forget(subscriptionId: string): Promise<void> {
    return this.deps.subscriptions.deleteById(subscriptionId);
  }

  /**
   * The pushes for a new notification: none when notifications are off, else one per subscription of a live
   * session whose user may (still) have pushes. Subscriptions of expired sessions are dropped on the way.
   */
  /**
   * `requester`: a test the user sent to their own devices (it names no camera, so it passes their camera list);
   * otherwise a limited user's devices hear only of their cameras.
   */
  async deliveriesFor(notification: Notification, requester?: number): Promise<PushDelivery[]> {
    if (this.deps.config && !this.deps.config.get().notifications.active) return [];
    const now = new Date(this.deps.clock.now()).toISOString();
    await this.deps.subscriptions.deleteOfEndedSessions(now);
    const recipients = await this.deps.subscriptions.listLive(now);
    const urgency = notification.type === 'doorbell' || notification.level === 'ERROR' ? 'high' : 'normal';
    return recipients
      .filter((recipient) => hasAnyPermission(recipient.permissions, PUSH_PERMISSIONS))
      // Issue 21: a limited user's devices hear only of their cameras (and not of system notifications, which may name any).
      .filter((recipient) => (requester === undefined ? CameraScope.of(recipient).allows(notification.camera) : recipient.userId === requester))
      .map((recipient) => ({ recipient, payload: pushPayload(notification, recipient.permissions, recipient.language), urgency }));
  }

  /** For the plugins page: whether the VAPID keys exist yet (made at first need) and how many devices subscribed. */
  async summary(): Promise<{ keys: boolean; subscriptions: number }> {
    const [keys, subscriptions] = await Promise.all([this.deps.keys.get(), this.deps.subscriptions.count()]);
    return { keys: keys !== undefined, subscriptions };
  }

  private async loadKeys(): Promise<VapidKeyPair> {
    const stored = await this.deps.keys.get();
    if (stored) return stored;
    return this.deps.keys.insertIfAbsent(this.deps.generateKeys(), new Date(this.deps.clock.now()).toISOString());
  }
}

/** The schema checks the alphabet and length; this checks what the bytes must be, so sending cannot fail on them. */
function checkKey(value: string, bytes: number, path: string, valid: (decoded: Buffer) => boolean = () => true): void {
  const decoded = Buffer.from(value, 'base64url');
  if (decoded.length !== bytes || !valid(decoded)) {
    throw new AppError('VALIDATION_FAILED', 'the push subscription is not valid', [{ path, message: `expected ${bytes} bytes, base64url` }]);
  }
}

/**
 * What the service worker shows. The link opens something the recipient may see: the camera page, else the
 * notification list, else the recordings (every recipient has recordings:access or admin). The body is in the
 * subscription's language where it is one of the server's own texts; English without one.
 */
export function pushPayload(notification: Notification, permissions: readonly string[], language: Language | null = null): PushPayload {
  const camera = notification.camera;
  let url = '/recordings';
  if (camera && hasAnyPermission(permissions, ['cameras:access'])) url = `/cameras/${encodeURIComponent(camera)}`;
  else if (hasAnyPermission(permissions, ['notifications:access'])) url = '/notifications';
  return {
    title: notification.title,
    body: pushMessage(notification, language),
    url,
    image: notification.thumbnail,
    tag: camera ?? notification.type,
    timestamp: notification.timestamp,
  };
}
