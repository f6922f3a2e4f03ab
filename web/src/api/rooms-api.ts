import { roomListSchema, roomSchema, type Room } from '@homecam/shared';
import { apiRequest } from './http-client';

const path = (name: string) => `/rooms/${encodeURIComponent(name)}`;

/** The default room first. */
export async function listRooms(): Promise<Room[]> {
  return (await apiRequest('/rooms', { schema: roomListSchema })).result;
}

export function createRoom(name: string): Promise<Room> {
  return apiRequest('/rooms', { method: 'POST', json: { name }, schema: roomSchema });
}

/** Its cameras move with it. */
export function renameRoom(name: string, next: string): Promise<Room> {
  return apiRequest(path(name), { method: 'PATCH', json: { name: next }, schema: roomSchema });
}

/** Its cameras move to the default room. */
export function deleteRoom(name: string): Promise<void> {
  return apiRequest(path(name), { method: 'DELETE' });
}
