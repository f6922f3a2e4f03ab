import { mqttPublishViewSchema, type MqttPublishPatch, type MqttPublishView } from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/settings/notifications/mqtt: publish settings, broker (host:port only), an example camera's topics. */
export function getMqttPublishSettings(http: HttpClient): Promise<MqttPublishView> {
  return http.request('/settings/notifications/mqtt', { schema: mqttPublishViewSchema });
}

/** PATCH /api/settings/notifications/mqtt (settings:notifications:edit): absent keeps. */
export function updateMqttPublishSettings(http: HttpClient, patch: MqttPublishPatch): Promise<MqttPublishView> {
  return http.request('/settings/notifications/mqtt', { method: 'PATCH', json: patch, schema: mqttPublishViewSchema });
}
