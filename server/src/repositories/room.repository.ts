import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface RoomRecord {
  name: string;
  createdAt: string;
}

/** Another room already has this name (the unique index caught a race the service's check missed). */
export class RoomConflictError extends Error {
  override readonly name = 'RoomConflictError';
}

/** The unique form of a room name: trimmed, case-insensitive. */
export function roomNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

async function guardUnique<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new RoomConflictError('room already exists', { cause: error });
    }
    throw error;
  }
}

/** The `rooms` table, in the order the rooms were created. */
export class RoomRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<RoomRecord[]> {
    const rows = await this.db.selectFrom('rooms').select(['name', 'created_at']).orderBy('id').execute();
    return rows.map((row) => ({ name: row.name, createdAt: row.created_at }));
  }

  async find(name: string): Promise<RoomRecord | undefined> {
    const row = await this.db
      .selectFrom('rooms')
      .select(['name', 'created_at'])
      .where('name_key', '=', roomNameKey(name))
      .executeTakeFirst();
    return row && { name: row.name, createdAt: row.created_at };
  }

  async insert(name: string, createdAt: string): Promise<void> {
    await guardUnique(this.db.insertInto('rooms').values({ name, name_key: roomNameKey(name), created_at: createdAt }).execute());
  }

  /** Renames the room `from` (by key); inserts `to` when `from` is not stored (a room known only from cameras). */
  async rename(from: string, to: string, createdAt: string): Promise<void> {
    const result = await guardUnique(
      this.db.updateTable('rooms').set({ name: to, name_key: roomNameKey(to) }).where('name_key', '=', roomNameKey(from)).executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) await this.insert(to, createdAt);
  }

  async delete(name: string): Promise<void> {
    await this.db.deleteFrom('rooms').where('name_key', '=', roomNameKey(name)).execute();
  }
}
