import { z } from 'zod';

/**
 * Codes the plugins page and Settings → Notifications translate instead of showing server English (issue 17):
 * why an alert channel is off, and what kind of problem an integration last had.
 */

/**
 * Why an alert channel gets no alerts: `SWITCHED_OFF` in its settings, `NOT_SET_UP` (switched on without what it
 * needs: a bot token and chat, a URL …), `BROKER_OFF` (MQTT: the MQTT trigger, whose connection it uses, is off),
 * `NO_BROKER` (MQTT: no broker host is set).
 */
export const ALERT_CHANNEL_OFF_REASONS = ['SWITCHED_OFF', 'NOT_SET_UP', 'BROKER_OFF', 'NO_BROKER'] as const;
export type AlertChannelOffReason = (typeof ALERT_CHANNEL_OFF_REASONS)[number];

/**
 * The kind of an integration's or alert channel's last problem, recognised by the server; `FAILED` when it is
 * none of these. The English `message` beside it is the technical detail (another program's words).
 */
export const PROBLEM_CODES = [
  'PORT_IN_USE',
  'PORT_NOT_ALLOWED',
  'NO_BROKER',
  'NOT_CONNECTED',
  'CONNECTION_REFUSED',
  'HOST_NOT_FOUND',
  'AUTH_FAILED',
  'TIMEOUT',
  'TLS_FAILED',
  'REJECTED',
  'KEYS_MISSING',
  'BUDGET_USED_UP',
  'NO_DEVICE',
  'FAILED',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

export const problemSchema = z.object({
  code: z.enum(PROBLEM_CODES),
  /** English technical detail, without secrets (credentials in URLs and configured passwords are replaced by `***`). */
  message: z.string(),
  at: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;
