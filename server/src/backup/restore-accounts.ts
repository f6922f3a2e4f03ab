import type SQLite from 'better-sqlite3';

/**
 * N5: a restore never gives back a permission or a password. The staged database has the live one attached as
 * `live`; both are at the same schema version (the staged copy was migrated first). Sessions are ended by the
 * caller for every restore (everybody signs in again).
 *
 * - A non-admin's restore keeps the live accounts exactly: users (names, permissions, password hashes, photos).
 * - An admin's restore takes the accounts from the archive (to undo a deletion, or to move to a new machine), but
 *   1. an account that exists now (same name) keeps its live password hash and permissions: a password changed
 *      since the backup (maybe because it leaked) and a permission taken away since never come back;
 *   2. an account deleted since the backup, from an archive this install signed, comes back without a password
 *      (nobody can sign in to it until an admin sets one): its old password is not resurrected;
 *   3. the restoring admin keeps their account as it is now (added when the archive does not have it), so a restore
 *      cannot lock them out or take their admin permission, and the result always has an admin.
 * - Either way, second factors and API tokens (issue 21) are the live ones, matched by account name: a restore never turns one
 *   off (a non-admin's archive has none), never brings back one reset since (a lost phone), and an account deleted
 *   since comes back without any.
 */

export interface AccountRules {
  /** The restoring user is an admin: accounts come from the archive, with the guards above. */
  byAdmin: boolean;
  /** The live account of the restoring user. */
  restorerId: number;
  /** The archive is this install's (signature and hashes): an account it has and live has not was deleted since. */
  signed: boolean;
}

function userColumns(db: SQLite.Database): string {
  const names = (db.prepare('PRAGMA main.table_info(users)').all() as { name: string }[]).map((column) => column.name);
  return names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
}

function keepLiveAccounts(db: SQLite.Database): void {
  const columns = userColumns(db);
  db.exec(`DELETE FROM main.users; INSERT INTO main.users (${columns}) SELECT ${columns} FROM live.users;`);
}

function carryRestorer(db: SQLite.Database, restorerId: number): void {
  const live = db.prepare('SELECT username_key FROM live.users WHERE id = ?').get(restorerId) as { username_key: string } | undefined;
  if (!live) throw new Error('the restoring user is not in the live database');
  const present = db.prepare('SELECT 1 FROM main.users WHERE username_key = ?').get(live.username_key);
  if (present) return; // rule 1 already gave it the live password and permissions
  const columns = userColumns(db);
  const idFree = !db.prepare('SELECT 1 FROM main.users WHERE id = ?').get(restorerId);
  if (idFree) {
    db.prepare(`INSERT INTO main.users (${columns}) SELECT ${columns} FROM live.users WHERE id = ?`).run(restorerId);
    return;
  }
  const withoutId = columns.split(', ').filter((column) => column !== '"id"').join(', ');
  db.prepare(`INSERT INTO main.users (${withoutId}) SELECT ${withoutId} FROM live.users WHERE id = ?`).run(restorerId);
}

function mergeAdminAccounts(db: SQLite.Database, rules: AccountRules): void {
  db.exec(`
    UPDATE main.users SET
      password_hash = (SELECT l.password_hash FROM live.users l WHERE l.username_key = main.users.username_key),
      permissions = (SELECT l.permissions FROM live.users l WHERE l.username_key = main.users.username_key)
    WHERE username_key IN (SELECT username_key FROM live.users)`);
  if (rules.signed) db.exec(`UPDATE main.users SET password_hash = '' WHERE username_key NOT IN (SELECT username_key FROM live.users)`);
  carryRestorer(db, rules.restorerId);
}

const SECOND_FACTOR_TABLES = [
  ['totp_secrets', 'secret, created_at, confirmed_at, last_step'],
  ['recovery_codes', 'code_hash, used_at'],
  ['passkeys', 'credential_id, public_key, counter, transports, user_handle, rp_id, name, created_at, last_used_at'],
  // Issue 21: API tokens too: a token revoked since the backup never comes back, a live integration keeps working.
  ['api_tokens', 'id, name, token_hash, scopes, created_at, expires_at, last_used_at'],
] as const;

function keepLiveSecondFactors(db: SQLite.Database): void {
  for (const [table, columns] of SECOND_FACTOR_TABLES) {
    const fromLive = columns.split(', ').map((column) => `f.${column}`).join(', ');
    db.exec(`DELETE FROM main.${table}`);
    db.exec(`
      INSERT INTO main.${table} (user_id, ${columns})
      SELECT m.id, ${fromLive} FROM live.${table} f
      JOIN live.users l ON l.id = f.user_id JOIN main.users m ON m.username_key = l.username_key`);
  }
}

/** Applies the account rules inside the caller's transaction. */
export function applyAccountRules(db: SQLite.Database, rules: AccountRules): void {
  if (rules.byAdmin) mergeAdminAccounts(db, rules);
  else keepLiveAccounts(db);
  keepLiveSecondFactors(db);
  // Rows of accounts that are gone (their dashboard layout) go with them; accounts without one in the archive keep theirs.
  db.exec(`DELETE FROM main.dashboard_layouts WHERE user_id NOT IN (SELECT id FROM main.users)`);
  db.exec(`
    INSERT OR IGNORE INTO main.dashboard_layouts SELECT * FROM live.dashboard_layouts
    WHERE user_id IN (SELECT m.id FROM main.users m JOIN live.users l ON l.id = m.id AND l.username_key = m.username_key)`);
}
