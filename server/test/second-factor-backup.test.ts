import SQLite from 'better-sqlite3';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { download, restore, unpack } from './helpers/backup.js';
import { enrolPasskey, newAuthenticator, passkeySignIn } from './helpers/passkeys.js';
import { enrolTotp, ticketFor } from './helpers/second-factor.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { DEFAULT_TEST_PASSWORD, signedInUser } from './helpers/users.js';

/** The database file inside an unpacked archive. */
async function archivedDatabase(archive: Buffer): Promise<string> {
  const dir = await unpack(archive);
  const found = (await readdir(dir, { recursive: true })).find((path) => path.endsWith('database.sqlite'));
  if (!found) throw new Error('no database.sqlite in the archive');
  return join(dir, found);
}

const rowsOf = (path: string, table: string) => {
  const db = new SQLite(path, { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

/** Issue 21: second factors stay out of non-admins' archives, and no restore turns one off or brings one back. */
describe('second factors and backups', () => {
  it('a non-admin archive has no secret or recovery code; its restore keeps every live second factor', async () => {
    const clock = new FakeClock();
    const dataDir = await makeDataDir();
    let app: HomecamApp = await createTestApp({ dataDir, clock });
    try {
      const admin = await signedInUser(app, ['admin']);
      const { secret } = await enrolTotp(app, admin.token, () => clock.now());
      const restorer = await signedInUser(app, ['backup:download', 'backup:restore']);
      const archive = await download(app, restorer.token);
      const copy = await archivedDatabase(archive);
      for (const table of ['totp_secrets', 'recovery_codes']) expect(rowsOf(copy, table)).toBe(0);
      expect(archive.includes(secret)).toBe(false);
      // The admin's own archive is a full copy (to move to a new machine): the app stays set up.
      expect(rowsOf(await archivedDatabase(await download(app, admin.token)), 'recovery_codes')).toBe(10);

      expect((await restore(app, restorer.token, archive)).statusCode).toBe(202);
      await app.close();
      app = await createTestApp({ dataDir, clock });
      // The admin still needs the code after the restore.
      expect((await ticketFor(app, admin.user.username, DEFAULT_TEST_PASSWORD)).length).toBeGreaterThan(20);
    } finally {
      await app.close();
    }
  });

  it('an admin restore of an archive from before a reset does not bring the reset factor back', async () => {
    const clock = new FakeClock();
    const dataDir = await makeDataDir();
    let app: HomecamApp = await createTestApp({ dataDir, clock });
    try {
      const admin = await signedInUser(app, ['admin']);
      const bob = await signedInUser(app, ['dashboard:access'], { username: 'bob' });
      await enrolTotp(app, bob.token, () => clock.now());
      const archive = await download(app, admin.token);
      const reset = await app.inject({ method: 'DELETE', url: `/api/users/${bob.user.id}/second-factor`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(reset.statusCode).toBe(204);
      expect((await restore(app, admin.token, archive)).statusCode).toBe(202);
      await app.close();
      app = await createTestApp({ dataDir, clock });
      const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'bob', password: DEFAULT_TEST_PASSWORD } });
      expect(signIn.json()).toHaveProperty('access_token');
    } finally {
      await app.close();
    }
  });

  it('passkeys: none in a non-admin archive; its restore keeps them, and an admin archive from before a removal does not bring one back', async () => {
    const clock = new FakeClock();
    const dataDir = await makeDataDir();
    let app: HomecamApp = await createTestApp({ dataDir, clock });
    try {
      const admin = await signedInUser(app, ['admin']);
      const key = newAuthenticator();
      await enrolPasskey(app, admin.token, key);
      const bob = await signedInUser(app, ['dashboard:access'], { username: 'bob' });
      const bobsKey = newAuthenticator();
      await enrolPasskey(app, bob.token, bobsKey);
      const restorer = await signedInUser(app, ['backup:download', 'backup:restore']);
      const archive = await download(app, restorer.token);
      expect(rowsOf(await archivedDatabase(archive), 'passkeys')).toBe(0);
      const full = await download(app, admin.token);
      expect(rowsOf(await archivedDatabase(full), 'passkeys')).toBe(2);
      const reset = await app.inject({ method: 'DELETE', url: `/api/users/${bob.user.id}/second-factor`, headers: { authorization: `Bearer ${admin.token}` } });
      expect(reset.statusCode).toBe(204);

      expect((await restore(app, restorer.token, archive)).statusCode).toBe(202);
      await app.close();
      app = await createTestApp({ dataDir, clock });
      expect((await passkeySignIn(app, key)).statusCode).toBe(200);

      expect((await restore(app, (await signedInUser(app, ['admin'])).token, full)).statusCode).toBe(202);
      await app.close();
      app = await createTestApp({ dataDir, clock });
      expect((await passkeySignIn(app, key)).statusCode).toBe(200);
      expect((await passkeySignIn(app, bobsKey)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
