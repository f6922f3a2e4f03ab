import {
  notificationSettingsSchema,
  recordingSettingsResponseSchema,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type RecordingSettings,
  type RecordingSettingsPatch,
} from '@homecam/shared';
import type { HttpClient } from './http-client';

/** GET /api/settings/recordings (settings:recordings:access or edit): the block with defaults and disk use. */
export function getRecordingSettings(http: HttpClient): Promise<RecordingSettings> {
  return http.request('/settings/recordings', { schema: recordingSettingsResponseSchema });
}

/** PATCH /api/settings/recordings (settings:recordings:edit): a partial update; the answer is the new state. */
export function updateRecordingSettings(http: HttpClient, patch: RecordingSettingsPatch): Promise<RecordingSettings> {
  return http.request('/settings/recordings', { method: 'PATCH', json: patch, schema: recordingSettingsResponseSchema });
}

/** GET /api/settings/notifications (settings:notifications:access or edit). */
export function getNotificationSettings(http: HttpClient): Promise<NotificationSettings> {
  return http.request('/settings/notifications', { schema: notificationSettingsSchema });
}

/** PATCH /api/settings/notifications (settings:notifications:edit). */
export function updateNotificationSettings(http: HttpClient, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  return http.request('/settings/notifications', { method: 'PATCH', json: patch, schema: notificationSettingsSchema });
}
