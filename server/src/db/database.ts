import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { join } from 'node:path';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

export const DATABASE_FILE = 'homecam.db';

export interface OpenDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
  /** An online, consistent copy of the live database (SQLite's backup API) to `destination`. */
  backup(destination: string): Promise<void>;
}

/** Opens (creating if needed) `<dataDir>/homecam.db` and brings it to the latest migration. */
export async function openDatabase(dataDir: string): Promise<OpenDatabase> {
  const sqlite = new SQLite(join(dataDir, DATABASE_FILE));
  // WAL lets readers proceed during a write; busy_timeout covers a second process (e.g. a backup tool).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, close: () => db.destroy(), backup: async (destination) => void (await sqlite.backup(destination)) };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('database migration failed', { cause: error });
}
