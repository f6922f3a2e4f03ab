import { z } from 'zod';
import { ALERT_MESSAGE_MAX, webhookUrlSchema } from './alerts.js';

/** `notifications.alexa` in config.json (camera.ui's shape; HomeCam announces through a documented, testable path). */
export const alexaSettingsSchema = z.looseObject({
  active: z.boolean().default(false),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
  startTime: z.string().regex(/^\d{2}:\d{2}$/).default('00:00'),
  endTime: z.string().regex(/^\d{2}:\d{2}$/).default('23:59'),
  /** How the announcement is made: a Home Assistant service call or a generic "announce" webhook. */
  mode: z.enum(['home-assistant', 'webhook']).default('home-assistant'),
  /** Home Assistant's base URL, or the announce webhook's URL (admin-only). */
  url: z.string().max(2048).optional(),
  /** Home Assistant long-lived access token (write-only, admin-only). */
  token: z.string().max(1024).optional(),
  /** Home Assistant service, `notify/alexa_media_kitchen` or `tts/speak` style (domain/service). */
  service: z.string().max(128).optional(),
  /** Optional `target` of the service call (e.g. the media player entity). */
  target: z.string().max(256).optional(),
});

export const ALEXA_MODES = ['home-assistant', 'webhook'] as const;
export type AlexaMode = (typeof ALEXA_MODES)[number];

/** A Home Assistant service, `domain/service` or `domain.service` (e.g. notify/alexa_media_kitchen, tts/speak). */
export const haServiceSchema = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]*[./][a-z0-9_]+$/, { message: 'must be a Home Assistant service like notify/alexa_media_kitchen' });

const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time HH:MM' });

/** GET /api/settings/notifications/alexa: the token is write-only (tokenSet). */
export const alexaSettingsResponseSchema = z.object({
  active: z.boolean(),
  mode: z.enum(ALEXA_MODES),
  url: z.string(),
  tokenSet: z.boolean(),
  service: z.string(),
  target: z.string(),
  message: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type AlexaSettingsResponse = z.infer<typeof alexaSettingsResponseSchema>;

/** PATCH body: absent keeps, null clears; `mode`, `url`, `token` are admin-only (ALERT_SETTING_ADMIN_ONLY). */
export const alexaSettingsPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  mode: z.enum(ALEXA_MODES).optional(),
  url: webhookUrlSchema.nullable().optional(),
  token: z.string().trim().min(1).max(1024).nullable().optional(),
  service: z.union([haServiceSchema, z.literal('')]).optional(),
  target: z.string().trim().max(256).optional(),
  message: z.string().max(ALERT_MESSAGE_MAX).optional(),
  startTime: clockTime.optional(),
  endTime: clockTime.optional(),
});
export type AlexaSettingsPatch = z.infer<typeof alexaSettingsPatchSchema>;
