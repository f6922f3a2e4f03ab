import { describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { download, restore } from './helpers/backup.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, createUser, login, signedInUser, tokenFor } from './helpers/users.js';

/**
 * N5: a restore cannot give back a permission (nor a password). The probe's backup user, demoted after its download,
 * restored that older signed archive and had `cameras:access` again. See restore-accounts.ts for the model.
 */
const permissionsOf = async (app: HomecamApp, username: string) => (await app.homecam.repositories.users.findByUsername(username))?.permissions;

async function restarted(app: HomecamApp, dataDir: string): Promise<HomecamApp> {
  await app.close();
  return createTestApp({ dataDir });
}

describe('a restore and the accounts', () => {
  it('a demoted backup user replaying its older archive does not get the permission back (the probe\'s replay)', async () => {
    const dataDir = await makeDataDir();
    let app = await createTestApp({ dataDir });
    try {
      const admin = (await signedInUser(app, ['admin'])).token;
      const ubackup = await createUser(app, ['backup:download', 'backup:restore', 'cameras:access'], { username: 'u_backup', password: 'u-backup-pass-1' });
      const token = await tokenFor(app, ubackup);
      const archive = await download(app, token);
      const demote = await app.inject({ method: 'PATCH', url: `/api/users/${ubackup.id}`, headers: bearer(admin), payload: { permissionLevel: ['backup:restore'] } });
      expect(demote.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/cameras', headers: bearer(token) })).statusCode).toBe(403);
      expect((await restore(app, token, archive)).statusCode).toBe(202);
      app = await restarted(app, dataDir);
      expect(await permissionsOf(app, 'u_backup')).toEqual(['backup:restore']);
      const again = await login(app, 'u_backup', 'u-backup-pass-1');
      expect(again.response.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/cameras', headers: bearer(again.body.access_token) })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('an admin restore brings accounts back but no password or permission taken since, and keeps the restoring admin', async () => {
    const dataDir = await makeDataDir();
    let app = await createTestApp({ dataDir });
    try {
      const boss = await signedInUser(app, ['admin'], { username: 'boss', password: 'boss-pass-1' });
      const bob = await createUser(app, ['cameras:access', 'dashboard:access'], { username: 'bob' });
      const carol = await createUser(app, ['dashboard:access'], { username: 'carol', password: 'carol-old-pass-1' });
      const dave = await createUser(app, ['cameras:access'], { username: 'dave', password: 'dave-pass-1' });
      const archive = await download(app, boss.token);

      // After the backup: bob demoted, carol's (leaked) password changed, dave deleted, eve a new admin.
      const patch = (id: number, payload: object) => app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(boss.token), payload });
      expect((await patch(bob.id, { permissionLevel: ['dashboard:access'] })).statusCode).toBe(200);
      expect((await patch(carol.id, { password: 'carol-new-pass-1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'DELETE', url: `/api/users/${dave.id}`, headers: bearer(boss.token) })).statusCode).toBeLessThan(300);
      const eve = await signedInUser(app, ['admin'], { username: 'eve', password: 'eve-pass-1' });
      expect((await restore(app, eve.token, archive)).statusCode).toBe(202);
      app = await restarted(app, dataDir);

      expect(await permissionsOf(app, 'bob')).toEqual(['dashboard:access']);
      expect((await login(app, 'carol', 'carol-new-pass-1')).response.statusCode).toBe(200);
      expect((await login(app, 'carol', 'carol-old-pass-1')).response.statusCode).toBe(401);
      // dave is back (a deletion can be undone) but his old password is not: an admin must set a new one.
      expect(await permissionsOf(app, 'dave')).toEqual(['cameras:access']);
      expect((await login(app, 'dave', 'dave-pass-1')).response.statusCode).toBe(401);
      // The restoring admin is not in the archive: kept as they are, admin, with their password.
      expect(await permissionsOf(app, 'eve')).toEqual(['admin']);
      expect((await login(app, 'eve', 'eve-pass-1')).response.statusCode).toBe(200);
      expect((await login(app, 'boss', 'boss-pass-1')).response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
