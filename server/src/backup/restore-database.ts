import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { migrateToLatest } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { applyAccountRules, type AccountRules } from './restore-accounts.js';
import { inspectDatabase } from './database-copy.js';

export interface StagedDatabaseOptions extends AccountRules {
  /** The archive is a non-admin's: its VAPID keys were left out and come from the live database. */
  redacted: boolean;
  /** Recordings rows follow the clips from the archive's recordings directory to this install's. */
  rootFrom: string | null;
  rootTo: string | null;
}

/** integrity_check, the expected tables, and a schema this HomeCam knows. */
export function checkStagedDatabase(path: string): void {
  let facts;
  try {
    facts = inspectDatabase(path);
  } catch (error) {
    throw new AppError('BACKUP_INVALID', `database.sqlite is not a usable HomeCam database (${error instanceof Error ? error.message : String(error)})`);
  }
  if (facts.schemaVersion > SCHEMA_VERSION) throw new AppError('BACKUP_TOO_NEW', `the database has schema version ${facts.schemaVersion}; this HomeCam knows ${SCHEMA_VERSION}`);
}

/** Brings the staged copy to this HomeCam's schema now (as the next start would), so it can be merged with the live one. */
async function migrateStaged(path: string): Promise<void> {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(path) }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    throw new AppError('BACKUP_INVALID', `database.sqlite could not be brought to this version (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    await db.destroy();
  }
}

/**
 * Prepares a staged database to replace the live one: no session comes back (everybody signs in again, and a push
 * subscription belongs to a session); the account rules (restore-accounts.ts); from a redacted archive the VAPID keys
 * come from the live database; recordings rows follow the clips to `rootTo`.
 */
export async function prepareStagedDatabase(staged: string, live: string, options: StagedDatabaseOptions): Promise<void> {
  await migrateStaged(staged);
  const db = new SQLite(staged);
  try {
    db.prepare('ATTACH DATABASE ? AS live').run(live);
    db.transaction(() => {
      db.exec('DELETE FROM main.push_subscriptions; DELETE FROM main.sessions;');
      if (options.rootFrom && options.rootTo) db.prepare('UPDATE main.recordings SET root = ? WHERE root = ? OR root IS NULL').run(options.rootTo, options.rootFrom);
      applyAccountRules(db, options);
      if (options.redacted) db.exec(`INSERT OR IGNORE INTO main.vapid_keys SELECT * FROM live.vapid_keys WHERE NOT EXISTS (SELECT 1 FROM main.vapid_keys)`);
    })();
    db.exec('DETACH DATABASE live');
  } finally {
    db.close();
  }
}
