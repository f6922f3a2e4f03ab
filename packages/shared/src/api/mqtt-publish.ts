import { z } from 'zod';
import { trimChar } from '../text.js';
import { ALERT_CHANNEL_OFF_REASONS, type AlertChannelOffReason } from './integration-codes.js';

/**
 * Issue 9: MQTT publishing with Home Assistant discovery, over the broker of the MQTT trigger (config.json `mqtt`).
 * `mqtt.publish` in config.json. Topics are `<baseTopic>/<camera_slug>/…`; discovery goes under `<discoveryPrefix>/`.
 */

/** A topic prefix: levels of letters, digits, `_` and `-` separated by `/`; never a wildcard (+ #) or an empty level. */
export const MQTT_TOPIC_PREFIX = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

const topicPrefix = z.string().trim().min(1, 'MQTT_TOPIC_INVALID').max(128, 'MQTT_TOPIC_INVALID').regex(MQTT_TOPIC_PREFIX, 'MQTT_TOPIC_INVALID');

export const MQTT_PUBLISH_DEFAULTS = { active: true, baseTopic: 'homecam', discovery: true, discoveryPrefix: 'homeassistant' };

export const mqttPublishSettingsSchema = z.looseObject({
  /** Publishing happens only when `mqtt.active` too (one connection: the trigger's). */
  active: z.boolean().default(true),
  baseTopic: topicPrefix.default('homecam'),
  discovery: z.boolean().default(true),
  discoveryPrefix: topicPrefix.default('homeassistant'),
});
export type MqttPublishSettings = z.infer<typeof mqttPublishSettingsSchema>;

/** GET /api/settings/notifications/mqtt: the publish settings plus what the page shows about the broker (no secret). */
export const mqttPublishViewSchema = z.object({
  active: z.boolean(),
  baseTopic: z.string(),
  discovery: z.boolean(),
  discoveryPrefix: z.string(),
  /** `mqtt.active` (the broker connection is the MQTT trigger's). */
  brokerActive: z.boolean(),
  /** Host and port only, e.g. `broker.local:1883`; empty when none is set. */
  broker: z.string(),
  connected: z.boolean(),
  /** Why publishing (and the MQTT alert channel) is off, by mqttPublishOff; null when it is on. */
  off: z.enum(ALERT_CHANNEL_OFF_REASONS).nullable(),
  /** The topics of one camera (the first, or `example`), to show where things go. */
  example: z.object({ camera: z.string(), topics: z.array(z.object({ what: z.string(), topic: z.string() })) }),
});
export type MqttPublishView = z.infer<typeof mqttPublishViewSchema>;

/**
 * Why MQTT publishing (and with it the MQTT alert channel) is off, or null when on: the one rule the channel, the
 * publisher, Settings → Notifications and the plugins page all follow. Without a broker it is off, never "on and
 * retrying".
 */
export function mqttPublishOff(mqtt: { active: boolean; host: string; publish: { active: boolean } }): AlertChannelOffReason | null {
  if (!mqtt.publish.active) return 'SWITCHED_OFF';
  if (!mqtt.active) return 'BROKER_OFF';
  if (mqtt.host.trim() === '') return 'NO_BROKER';
  return null;
}

/** PATCH body: absent keeps. */
export const mqttPublishPatchSchema = z.strictObject({
  active: z.boolean().optional(),
  baseTopic: topicPrefix.optional(),
  discovery: z.boolean().optional(),
  discoveryPrefix: topicPrefix.optional(),
});
export type MqttPublishPatch = z.infer<typeof mqttPublishPatchSchema>;

/** A camera name as one topic level: lower case a-z, 0-9 and `_` only (no wildcards, no slashes, never empty). */
export function mqttSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
  return trimChar(slug, '_') || 'camera';
}
