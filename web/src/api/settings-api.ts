import {
  notificationSettingsSchema,
  recordingSettingsResponseSchema,
  type NotificationSettings,
  type NotificationSettingsPatch,
  type RecordingSettings,
  type RecordingSettingsPatch,
} from '@homecam/shared';
import { apiRequest } from './http-client';

/** GET /api/settings/recordings (settings:recordings:access or edit): the block with defaults and disk use. */
export function getRecordingSettings(): Promise<RecordingSettings> {
  return apiRequest('/settings/recordings', { schema: recordingSettingsResponseSchema });
}

/** PATCH /api/settings/recordings (settings:recordings:edit): a partial update; the answer is the new state. */
export function updateRecordingSettings(patch: RecordingSettingsPatch): Promise<RecordingSettings> {
  return apiRequest('/settings/recordings', { method: 'PATCH', json: patch, schema: recordingSettingsResponseSchema });
}

/** GET /api/settings/notifications (settings:notifications:access or edit). */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest('/settings/notifications', { schema: notificationSettingsSchema });
}

/** PATCH /api/settings/notifications (settings:notifications:edit). */
export function updateNotificationSettings(patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  return apiRequest('/settings/notifications', { method: 'PATCH', json: patch, schema: notificationSettingsSchema });
}
