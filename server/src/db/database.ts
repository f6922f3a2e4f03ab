import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type SqliteDatabase } from 'kysely';
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

/** Prepared statements kept: the queries of the app are a few dozen shapes; `IN (?, ?, …)` lists add some. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely asks SQLite to compile every query it runs, the same text again on every request (the session lookup of
 * each API call, issue 16). The last statements are kept by their SQL and reused; SQLite recompiles a kept statement
 * by itself after a schema change. One busy with an unfinished iteration is not shared: a fresh one is made.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = cache.get(sql);
      if (kept && !kept.busy) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(sql);
        cache.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (kept) return statement;
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/** Opens (creating if needed) `<dataDir>/homecam.db` and brings it to the latest migration. */
export async function openDatabase(dataDir: string): Promise<OpenDatabase> {
  const sqlite = new SQLite(join(dataDir, DATABASE_FILE));
  // WAL lets readers proceed during a write; busy_timeout covers a second process (e.g. a backup tool).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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
