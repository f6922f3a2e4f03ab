import SQLite from 'better-sqlite3';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { nextBackupAt } from '../src/backup/daily-backup.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { createTestApp } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

const DAY = 24 * 3600 * 1000;
/** 11:59:59 local time: one second before the daily backup (spec §9: 12:00:00). */
const START = new Date(2026, 0, 10, 11, 59, 59).getTime();

let app: HomecamApp;
let clock: FakeClock;
let backups: string;

beforeAll(async () => {
  clock = new FakeClock(START);
  app = await createTestApp({ clock });
  backups = join(app.homecam.dataDir, 'backups');
});
afterAll(() => app.close());

const files = async () => (await readdir(backups).catch(() => [] as string[])).filter((name) => name.endsWith('.sqlite')).sort();

describe('daily database backup', () => {
  it('is due at the next local 12:00:00', () => {
    expect(nextBackupAt(START)).toBe(START + 1000);
    expect(nextBackupAt(START + 1000)).toBe(START + 1000 + DAY);
  });

  it('runs when the clock says 12:00:00, not before', async () => {
    clock.advance(999);
    expect(await files()).toEqual([]);
    clock.advance(1);
    await expect.poll(files).toEqual(['homecam-db-2026-01-10.sqlite']);
    const db = new SQLite(join(backups, 'homecam-db-2026-01-10.sqlite'), { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBeGreaterThan(0);
    db.close();
  });

  it('keeps 7 days', async () => {
    for (let day = 1; day <= 8; day += 1) {
      clock.advance(DAY);
      await expect.poll(async () => (await files()).includes(`homecam-db-2026-01-${String(10 + day).padStart(2, '0')}.sqlite`)).toBe(true);
    }
    await expect.poll(files).toHaveLength(7);
    expect((await files())[0]).toBe('homecam-db-2026-01-12.sqlite');
  });

  it('lists the copies and serves them: whole to admins, without password hashes to others', async () => {
    const admin = (await signedInUser(app, ['admin'])).token;
    const list = await app.inject({ method: 'GET', url: '/api/backup/automatic', headers: bearer(admin) });
    expect(list.json<{ name: string; size: number }[]>()[0]).toMatchObject({ name: 'homecam-db-2026-01-18.sqlite', size: expect.any(Number) as number });
    const full = await app.inject({ method: 'GET', url: '/api/backup/automatic/homecam-db-2026-01-18.sqlite', headers: bearer(admin) });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.subarray(0, 15).toString()).toBe('SQLite format 3');
    const other = (await signedInUser(app, ['backup:download'])).token;
    const redacted = await app.inject({ method: 'GET', url: '/api/backup/automatic/homecam-db-2026-01-18.sqlite', headers: bearer(other) });
    expect(redacted.statusCode).toBe(200);
    const path = join(app.homecam.dataDir, 'redacted-copy.sqlite');
    await writeFile(path, redacted.rawPayload);
    const db = new SQLite(path, { readonly: true });
    expect(db.prepare(`SELECT count(*) AS n FROM users WHERE password_hash != ''`).get()).toEqual({ n: 0 });
    db.close();
    await rm(path);
    for (const bad of ['..%2Fconfig.json', 'homecam-db-2026-01-01.sqlite', 'config.json']) {
      const response = await app.inject({ method: 'GET', url: `/api/backup/automatic/${bad}`, headers: bearer(admin) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('a failed backup becomes an ERROR notification', async () => {
    await rm(backups, { recursive: true });
    await writeFile(backups, 'not a folder'); // the copy cannot be written
    clock.advance(DAY);
    await expect
      .poll(async () => (await app.homecam.notifications.list({ limit: 20 } as never)).result.find((n) => n.title === 'Automatic backup failed')?.level)
      .toBe('ERROR');
    await rm(backups);
  });
});
