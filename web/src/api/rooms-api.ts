import { roomListSchema, roomSchema, type Room } from '@homecam/shared';
import type { HttpClient } from './http-client';

const path = (name: string) => `/rooms/${encodeURIComponent(name)}`;

/** The default room first. */
export async function listRooms(http: HttpClient): Promise<Room[]> {
  return (await http.request('/rooms', { schema: roomListSchema })).result;
}

export function createRoom(http: HttpClient, name: string): Promise<Room> {
  return http.request('/rooms', { method: 'POST', json: { name }, schema: roomSchema });
}

/** Its cameras move with it. */
export function renameRoom(http: HttpClient, name: string, next: string): Promise<Room> {
  return http.request(path(name), { method: 'PATCH', json: { name: next }, schema: roomSchema });
}

/** Its cameras move to the default room. */
export function deleteRoom(http: HttpClient, name: string): Promise<void> {
  return http.request(path(name), { method: 'DELETE' });
}
