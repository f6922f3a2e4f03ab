import { z } from 'zod';
import { ALERT_CHANNEL_OFF_REASONS, problemSchema } from './integration-codes.js';

/**
 * The integrations registry (GET /api/plugins, admin): every trigger, notifier and analysis HomeCam runs, with
 * its state. A new alert channel registers itself on the server and shows up here without a change to this file.
 */
export const INTEGRATION_KINDS = ['trigger', 'notifier', 'analysis'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * `running`: working now; `ready`: configured and waiting for work (an analysis called per event);
 * `starting`: switched on, not yet up (MQTT connecting); `stopped`: switched on in the settings but not running
 * (stopped until the next config change); `disabled`: switched off in the settings; `error`: should run and cannot.
 */
export const INTEGRATION_STATES = ['running', 'ready', 'starting', 'stopped', 'disabled', 'error'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export const INTEGRATION_ACTIONS = ['start', 'stop', 'restart'] as const;
export type IntegrationAction = (typeof INTEGRATION_ACTIONS)[number];

/** Ids are lower-case words with dashes (`http-trigger`, `telegram`): they appear in URLs and translation keys. */
export const integrationIdSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);

/** The last failure: its kind as a code the page translates, the technical English message, its time. */
export const integrationErrorSchema = problemSchema;
export type IntegrationError = z.infer<typeof integrationErrorSchema>;

const count = z.number().int().min(0);

/** Rekognition's counters since the server started; `droppedBy` counts dropped events per camera. */
export const analysisCountsSchema = z.object({
  analysed: count,
  dropped: count,
  droppedBy: z.record(z.string(), count),
  skippedBudget: count,
  failed: count,
});
export type AnalysisCounts = z.infer<typeof analysisCountsSchema>;

/**
 * A short fact about an integration as a code and its values (the page translates `plugins:detail.<code>`):
 * `PORT` a trigger's port (`localOnly`: HTTP answers the local network only); `BROKER` / `NO_BROKER` the MQTT
 * trigger's broker; `FOLLOWS_MQTT_TRIGGER`; `PUSH` subscribed devices and whether the VAPID keys exist; `ALERTS` an
 * alert channel's counters and why it is off (null when on); `REKOGNITION` the monthly budget and the counters;
 * `KEYS_MISSING` / `BUDGET_USED_UP` why Rekognition cannot run; `HOMEKIT` the bridge's port, cameras, pairings;
 * `ONVIF_EVENTS` how many cameras' own events are followed, how many of them are subscribed and how many retrying.
 */
export const integrationDetailSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('PORT'), port: count, localOnly: z.boolean() }),
  z.object({ code: z.literal('BROKER'), broker: z.string(), tls: z.boolean() }),
  z.object({ code: z.literal('NO_BROKER') }),
  z.object({ code: z.literal('FOLLOWS_MQTT_TRIGGER') }),
  z.object({ code: z.literal('PUSH'), devices: count, keys: z.boolean() }),
  z.object({ code: z.literal('ALERTS'), sent: count, queued: count, dropped: count, off: z.enum(ALERT_CHANNEL_OFF_REASONS).nullable() }),
  z.object({ code: z.literal('REKOGNITION'), left: z.number().int(), total: count, analysis: analysisCountsSchema.nullable() }),
  z.object({ code: z.literal('KEYS_MISSING') }),
  z.object({ code: z.literal('BUDGET_USED_UP'), total: count }),
  z.object({ code: z.literal('HOMEKIT'), port: count, cameras: count, pairings: count }),
  z.object({ code: z.literal('ONVIF_EVENTS'), cameras: count, connected: count, retrying: count }),
]);
export type IntegrationDetail = z.infer<typeof integrationDetailSchema>;
export type IntegrationDetailCode = IntegrationDetail['code'];

export const integrationStatusSchema = z.object({
  state: z.enum(INTEGRATION_STATES),
  /** When the state last changed (ISO); null when not known. */
  since: z.string().nullable(),
  /** The last failure, kept after a recovery so the admin sees what happened. */
  lastError: integrationErrorSchema.nullable(),
  /** A short fact (port, broker, subscriptions …) as a code with values; null when there is nothing to add. */
  detail: integrationDetailSchema.nullable(),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

/**
 * Something about how an integration is set up that the admin should know; the page shows
 * `plugins:warnings.<CODE>`. TRIGGER_OPEN: the HTTP trigger has no `http.token` (a config from before tokens) and
 * is not limited to this machine, so anyone on the network can fire motion and doorbell events.
 */
export const INTEGRATION_WARNINGS = ['TRIGGER_OPEN'] as const;
export type IntegrationWarning = (typeof INTEGRATION_WARNINGS)[number];

export const integrationSchema = integrationStatusSchema.extend({
  id: integrationIdSchema,
  kind: z.enum(INTEGRATION_KINDS),
  /** English name; the page uses its translation `plugins:names.<id>` when there is one. */
  title: z.string(),
  /** The web page where it is configured (`/config`, `/settings/notifications` …). */
  settingsPath: z.string().regex(/^\/[a-z0-9/-]*$/),
  /** What the admin may do with it; an action not listed answers 409 PLUGIN_ACTION_UNSUPPORTED. */
  actions: z.array(z.enum(INTEGRATION_ACTIONS)),
  warnings: z.array(z.enum(INTEGRATION_WARNINGS)),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationListSchema = z.object({ result: z.array(integrationSchema) });
export type IntegrationList = z.infer<typeof integrationListSchema>;

export const integrationParamsSchema = z.object({ id: z.string().max(64) });
