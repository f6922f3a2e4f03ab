import { z } from 'zod';

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
