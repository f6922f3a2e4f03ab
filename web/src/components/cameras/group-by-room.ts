import type { Camera, Room } from '@homecam/shared';

export interface RoomGroup {
  room: string;
  cameras: Camera[];
}

const roomKey = (name: string) => name.trim().toLowerCase();

/**
 * Cameras grouped by room, in the order of the room list (the default room first), each group in the order of
 * the config file. Rooms without cameras are left out; a camera whose room the list does not know (the list
 * failed to load, or is from before the camera) still gets a group, after the known ones.
 */
export function groupByRoom(cameras: readonly Camera[], rooms: readonly Room[] = []): RoomGroup[] {
  const groups = new Map<string, RoomGroup>();
  for (const room of rooms) groups.set(roomKey(room.name), { room: room.name, cameras: [] });
  for (const camera of cameras) {
    const key = roomKey(camera.room);
    const group = groups.get(key) ?? { room: camera.room, cameras: [] };
    group.cameras.push(camera);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => group.cameras.length > 0);
}
