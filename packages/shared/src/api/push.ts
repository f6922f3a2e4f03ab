import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

/** A UI language a push is written in (the server renders its own default texts in it). */
export const pushLanguageSchema = z.enum(LANGUAGES);

/**
 * Web push (spec §3, §4, §7): GET /api/subscribe tells the client the server's VAPID public key and whether
 * this session already has a subscription; POST /api/subscribe registers the browser's subscription;
 * DELETE /api/subscribe forgets it (sign-out, permission lost). Only users with recordings:access or admin.
 */
export const pushStatusSchema = z.object({
  /** The VAPID application server key, base64url (uncompressed P-256 point), for PushManager.subscribe. */
  publicKey: z.string(),
  /** True when the server holds a subscription for this session. */
  subscription: z.boolean(),
  /**
   * The language stored with this session's subscription (null: none, or posted by a client that sent none).
   * The client posts its subscription again when its UI language differs. Optional: older servers omit it.
   */
  language: pushLanguageSchema.nullable().optional(),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

/** The browser's PushSubscription.toJSON(). Keys are secrets: never logged, never returned. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** base64url of the client's P-256 public key (65 bytes uncompressed). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(80).max(100),
    /** base64url of the 16-byte auth secret. */
    auth: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/).min(16).max(32),
  }),
  /**
   * The browser's UI language: the server's own texts in pushes ('Motion detected', 'Doorbell') are written in it.
   * Optional (older clients send none): English then.
   */
  language: pushLanguageSchema.optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** What the service worker receives in a push message and shows as a system notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** In-app path to open on click, e.g. /notifications or /cameras/Front%20door. */
  url: z.string(),
  /** Same-origin path of a thumbnail (`/files/recordings/...`), if the event has one. */
  image: z.string().nullable(),
  /** Notifications with the same tag replace each other (one per camera). */
  tag: z.string(),
  timestamp: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
