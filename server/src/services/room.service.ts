import { DEFAULT_ROOM, type Room } from '@homecam/shared';
import { CameraScope } from './camera-scope.js';
import { AppError } from '../errors/app-error.js';
import type { Actor } from '../events/actor.js';
import type { Clock } from '../lib/clock.js';
import { RoomConflictError, roomNameKey, type RoomRepository } from '../repositories/room.repository.js';
import type { CameraService } from './camera.service.js';

export interface RoomServiceDeps {
  rooms: RoomRepository;
  cameras: CameraService;
  clock: Clock;
}

const DEFAULT_KEY = roomNameKey(DEFAULT_ROOM);

function roomExists(): AppError {
  return new AppError('ROOM_EXISTS', 'room already exists');
}

/**
 * Rooms: stored in SQLite, plus any room a camera of config.json names (a hand-edited file may bring new
 * ones). The default room always exists and can be neither deleted nor renamed; the cameras of a renamed room
 * move with it, those of a deleted room move to the default room.
 */
export class RoomService {
  constructor(private readonly deps: RoomServiceDeps) {}

  /**
   * The default room first, then the stored rooms in creation order, then rooms known only from cameras. `scope`
   * (issue 21): a limited user counts only their cameras, and a room known only from other cameras is not listed.
   */
  async list(scope: CameraScope = CameraScope.ALL): Promise<Room[]> {
    const counts = this.deps.cameras.countByRoom((camera) => scope.allows(camera.name));
    const seen = new Set<string>();
    const rooms: Room[] = [];
    const add = (name: string): void => {
      const key = roomNameKey(name);
      if (seen.has(key)) return;
      seen.add(key);
      rooms.push({ name, cameras: counts.get(key)?.cameras ?? 0 });
    };
    add(DEFAULT_ROOM);
    for (const room of await this.deps.rooms.list()) add(room.name);
    for (const { room } of [...counts.values()].sort((a, b) => a.room.localeCompare(b.room))) add(room);
    return rooms;
  }

  async create(name: string): Promise<Room> {
    if (await this.find(name)) throw roomExists();
    try {
      await this.deps.rooms.insert(name, this.now());
    } catch (error) {
      if (error instanceof RoomConflictError) throw roomExists();
      throw error;
    }
    return { name, cameras: 0 };
  }

  /** `by`: the caller, named in the audit trail's lines of the cameras that move. */
  async rename(name: string, newName: string, by?: Actor): Promise<Room> {
    const room = await this.require(name);
    if (roomNameKey(room.name) === DEFAULT_KEY) throw new AppError('ROOM_IS_DEFAULT', 'the default room cannot be renamed');
    const other = await this.find(newName);
    if (other && roomNameKey(other.name) !== roomNameKey(room.name)) throw roomExists();
    try {
      await this.deps.rooms.rename(room.name, newName, this.now());
    } catch (error) {
      if (error instanceof RoomConflictError) throw roomExists();
      throw error;
    }
    const moved = await this.deps.cameras.moveRoom(room.name, newName, { by });
    return { name: newName, cameras: moved };
  }

  async delete(name: string, by?: Actor): Promise<void> {
    const room = await this.require(name);
    if (roomNameKey(room.name) === DEFAULT_KEY) throw new AppError('ROOM_IS_DEFAULT', 'the default room cannot be deleted');
    await this.deps.rooms.delete(room.name);
    await this.deps.cameras.moveRoom(room.name, DEFAULT_ROOM, { by });
  }

  private async find(name: string): Promise<Room | undefined> {
    const key = roomNameKey(name);
    return (await this.list()).find((room) => roomNameKey(room.name) === key);
  }

  private async require(name: string): Promise<Room> {
    const room = await this.find(name);
    if (!room) throw new AppError('ROOM_NOT_FOUND', 'room not found');
    return room;
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
