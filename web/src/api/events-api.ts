import {
  deleteManyResponseSchema,
  notificationListSchema,
  notificationSchema,
  recordingListSchema,
  recordingSchema,
  type Notification,
  type NotificationList,
  type Recording,
  type RecordingList,
} from '@homecam/shared';
import { apiRequest } from './http-client';
import { filtersToQuery, type EventFilters } from '../lib/event-filters';

function listPath(base: string, filters: EventFilters, cursor: string | null, limit: number): string {
  const query = filtersToQuery(filters);
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return `${base}?${query.toString()}`;
}

export function listNotifications(filters: EventFilters, cursor: string | null, limit = 25, signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest(listPath('/notifications', filters, cursor, limit), { schema: notificationListSchema, signal });
}

export function getNotification(id: string): Promise<Notification> {
  return apiRequest(`/notifications/${encodeURIComponent(id)}`, { schema: notificationSchema });
}

export function deleteNotification(id: string): Promise<void> {
  return apiRequest(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `ids` → those; no ids → all. */
export async function deleteNotifications(ids?: readonly string[]): Promise<number> {
  return (await apiRequest('/notifications', { method: 'DELETE', json: ids ? { ids } : undefined, schema: deleteManyResponseSchema })).removed;
}

export function listRecordings(filters: EventFilters, cursor: string | null, limit = 25, signal?: AbortSignal): Promise<RecordingList> {
  return apiRequest(listPath('/recordings', filters, cursor, limit), { schema: recordingListSchema, signal });
}

export function getRecording(id: string): Promise<Recording> {
  return apiRequest(`/recordings/${encodeURIComponent(id)}`, { schema: recordingSchema });
}

export function deleteRecording(id: string): Promise<void> {
  return apiRequest(`/recordings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `ids` → those; no ids → all finished ones. */
export async function deleteRecordings(ids?: readonly string[]): Promise<number> {
  return (await apiRequest('/recordings', { method: 'DELETE', json: ids ? { ids } : undefined, schema: deleteManyResponseSchema })).removed;
}
