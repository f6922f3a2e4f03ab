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
import type { HttpClient } from './http-client';
import { filtersToQuery, type EventFilters } from '../lib/event-filters';

function listPath(base: string, filters: EventFilters, cursor: string | null, limit: number): string {
  const query = filtersToQuery(filters);
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return `${base}?${query.toString()}`;
}

export function listNotifications(http: HttpClient, filters: EventFilters, cursor: string | null, limit = 25, signal?: AbortSignal): Promise<NotificationList> {
  return http.request(listPath('/notifications', filters, cursor, limit), { schema: notificationListSchema, signal });
}

export function getNotification(http: HttpClient, id: string): Promise<Notification> {
  return http.request(`/notifications/${encodeURIComponent(id)}`, { schema: notificationSchema });
}

export function deleteNotification(http: HttpClient, id: string): Promise<void> {
  return http.request(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `ids` → those; no ids → all. */
export async function deleteNotifications(http: HttpClient, ids?: readonly string[]): Promise<number> {
  return (await http.request('/notifications', { method: 'DELETE', json: ids ? { ids } : undefined, schema: deleteManyResponseSchema })).removed;
}

export function listRecordings(http: HttpClient, filters: EventFilters, cursor: string | null, limit = 25, signal?: AbortSignal): Promise<RecordingList> {
  return http.request(listPath('/recordings', filters, cursor, limit), { schema: recordingListSchema, signal });
}

export function getRecording(http: HttpClient, id: string): Promise<Recording> {
  return http.request(`/recordings/${encodeURIComponent(id)}`, { schema: recordingSchema });
}

export function deleteRecording(http: HttpClient, id: string): Promise<void> {
  return http.request(`/recordings/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `ids` → those; no ids → all finished ones. */
export async function deleteRecordings(http: HttpClient, ids?: readonly string[]): Promise<number> {
  return (await http.request('/recordings', { method: 'DELETE', json: ids ? { ids } : undefined, schema: deleteManyResponseSchema })).removed;
}
