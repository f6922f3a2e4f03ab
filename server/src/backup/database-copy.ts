import SQLite from 'better-sqlite3';

/** Tables a backup's database must have (the first migrations made them; later ones only add). */
export const REQUIRED_TABLES = ['users', 'sessions', 'notifications', 'kysely_migration'] as const;

/**
 * Strips a database copy for a non-admin's archive: sessions, push subscriptions, VAPID keys, password hashes and
 * second factors (authenticator-app secrets, recovery-code hashes, passkeys: issue 21) and API token hashes go, then VACUUM so the
 * deleted rows do not linger in free pages of the file.
 */
export function redactDatabase(path: string): void {
  const db = new SQLite(path);
  try {
    db.exec(`DELETE FROM sessions; DELETE FROM push_subscriptions; DELETE FROM vapid_keys; UPDATE users SET password_hash = '';`);
    db.exec(`DELETE FROM totp_secrets; DELETE FROM recovery_codes; DELETE FROM passkeys; DELETE FROM api_tokens;`);
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
