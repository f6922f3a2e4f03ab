import { z } from 'zod';
import { alertHostSchema, webhookUrlSchema } from './alerts.js';

// Webhook channel (issue 9): the payload (versioned, documented in docs/webhook.md) and the settings route's body
// and answer. The URL rule it shares with the camera route and Alexa is in alerts.ts (webhookUrlSchema).

/** `notifications.webhook` in config.json (the URL is per camera). */
export const webhookSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  /** Hosts (names or IPs, no port) whose TLS certificate is not checked: self-signed home servers, admin-only. */
  insecureHosts: z.array(z.string()).max(50).default([]),
});

export const WEBHOOK_PAYLOAD_VERSION = 1;
/** Headers of every webhook POST: the signature is `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-HomeCam-Signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'X-HomeCam-Timestamp';

/** The JSON body of every webhook POST (version 1). No secret is ever part of it. */
export const webhookPayloadSchema = z.object({
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  /** The notification's id ('test-<time>' for a test). */
  id: z.string(),
  /** motion | doorbell | custom | WARN | ERROR, or 'test'. */
  type: z.string(),
  camera: z.string().nullable(),
  room: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  /** Labels of the event (image analysis), possibly empty. */
  labels: z.array(z.string()),
  /** Trigger source: motion, http, mqtt, smtp, ftp, api; null for a test. */
  trigger: z.string().nullable(),
  /** ISO 8601 time of the event. */
  timestamp: z.string(),
  recordingId: z.string().nullable(),
  /** Path of the event's thumbnail on this server (`/files/recordings/…`, needs a session), when there is one. */
  snapshotUrl: z.string().optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** GET /api/settings/notifications/webhook. `secret` only for admins (to configure the receiver). */
export const webhookSettingsResponseSchema = z.object({
  active: z.boolean(),
  secretSet: z.boolean(),
  secret: z.string().optional(),
  insecureHosts: z.array(z.string()),
});
export type WebhookSettingsResponse = z.infer<typeof webhookSettingsResponseSchema>;

/** PATCH body: `insecureHosts` is admin-only (ALERT_SETTING_ADMIN_ONLY). */
export const webhookSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  insecureHosts: z.array(alertHostSchema).max(50).optional(),
});
export type WebhookSettingsPatch = z.infer<typeof webhookSettingsPatchSchema>;

/** Body of the webhook's test (admin): a URL to test instead of the cameras' URLs. */
export const webhookTestBodySchema = z.strictObject({ url: webhookUrlSchema.optional() });
