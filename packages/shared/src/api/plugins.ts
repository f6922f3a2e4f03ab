import { z } from 'zod';

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

export const integrationErrorSchema = z.object({
  /** English, without secrets (credentials in URLs and configured passwords are replaced by `***`). */
  message: z.string(),
  at: z.string(),
});
export type IntegrationError = z.infer<typeof integrationErrorSchema>;

export const integrationStatusSchema = z.object({
  state: z.enum(INTEGRATION_STATES),
  /** When the state last changed (ISO); null when not known. */
  since: z.string().nullable(),
  /** The last failure, kept after a recovery so the admin sees what happened. */
  lastError: integrationErrorSchema.nullable(),
  /** A short English fact (port, broker, subscriptions …); null when there is nothing to add. */
  detail: z.string().nullable(),
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
