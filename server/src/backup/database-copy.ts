import SQLite from 'better-sqlite3';

/** Tables a backup's database must have (the first migrations made them; later ones only add). */
export const REQUIRED_TABLES = ['users', 'sessions', 'notifications', 'kysely_migration'] as const;

/**
 * Strips a database copy for a non-admin's archive: sessions, push subscriptions, VAPID keys and password hashes
 * go, then VACUUM so the deleted rows do not linger in free pages of the file.
 */
export function redactDatabase(path: string): void {
  const db = new SQLite(path);
  try {
    db.exec(`DELETE FROM sessions; DELETE FROM push_subscriptions; DELETE FROM vapid_keys; UPDATE users SET password_hash = '';`);
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

export interface DatabaseFacts {
  schemaVersion: number;
}

/** Opens an extracted copy read-only: integrity_check must say ok and the expected tables must be there. */
export function inspectDatabase(path: string): DatabaseFacts {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`integrity_check: ${String(integrity)}`);
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((row) => row.name));
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) throw new Error(`missing tables: ${missing.join(', ')}`);
    const { count } = db.prepare('SELECT count(*) AS count FROM kysely_migration').get() as { count: number };
    return { schemaVersion: count };
  } finally {
    db.close();
  }
}

/**
 * Prepares a staged database to replace the live one: sessions are never restored (everybody signs in again);
 * from a redacted archive, password hashes come back by username and the VAPID keys from the live database;
 * recordings rows follow the clips to `recordingsRoot`.
 */
export function prepareStagedDatabase(staged: string, live: string, options: { redacted: boolean; rootFrom: string | null; rootTo: string | null }): void {
  const db = new SQLite(staged);
  try {
    db.exec('DELETE FROM sessions');
    // An older archive may predate a column or table: those steps are skipped (the migrations fill them in).
    const columns = (table: string) => (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((row) => row.name);
    if (options.rootFrom && options.rootTo && columns('recordings').includes('root')) db.prepare('UPDATE recordings SET root = ? WHERE root = ? OR root IS NULL').run(options.rootTo, options.rootFrom);
    if (options.redacted) {
      db.prepare('ATTACH DATABASE ? AS live').run(live);
      db.exec(`UPDATE users SET password_hash = COALESCE((SELECT l.password_hash FROM live.users l WHERE l.username_key = users.username_key), '') WHERE password_hash = ''`);
      if (columns('vapid_keys').length > 0) db.exec(`INSERT OR IGNORE INTO vapid_keys SELECT * FROM live.vapid_keys WHERE NOT EXISTS (SELECT 1 FROM main.vapid_keys)`);
      db.exec('DETACH DATABASE live');
    }
  } finally {
    db.close();
  }
}
