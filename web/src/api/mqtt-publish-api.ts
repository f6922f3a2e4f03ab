import { mqttPublishViewSchema, type MqttPublishPatch, type MqttPublishView } from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/settings/notifications/mqtt: publish settings, broker (host:port only), an example camera's topics. */
export function getMqttPublishSettings(): Promise<MqttPublishView> {
  return apiRequest('/settings/notifications/mqtt', { schema: mqttPublishViewSchema });
}

/** PATCH /api/settings/notifications/mqtt (settings:notifications:edit): absent keeps. */
export function updateMqttPublishSettings(patch: MqttPublishPatch): Promise<MqttPublishView> {
  return apiRequest('/settings/notifications/mqtt', { method: 'PATCH', json: patch, schema: mqttPublishViewSchema });
}
