import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../src/db/database.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import type { Database } from '../src/db/schema.js';
import { generateFmp4 } from '../src/lib/fmp4/test-support/fmp4-fixture.js';
import { RecordingFilesRepository } from '../src/repositories/recording-files.repository.js';
import { FTP_JPEG as JPEG } from './helpers/recordings.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Start-up with recordings under an older directory than `recordings.path` names now (recording-roots.test.ts has
 * the running server): a crash's half-written clip is recovered where it lies, a torn tail is cut to whole
 * fragments, and a database from before roots gets the directory in use filled in. Each test starts its own app.
 */
describe('start-up with recordings under an older directory', () => {
  it('a clip a crash left in "recording" under the old directory is cut to its last whole fragment and indexed as interrupted', async () => {
    const dir = await makeDataDir();
    const oldDir = join(dir, 'old');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ recordings: { active: false, path: oldDir } }));
    const clip = await generateFmp4({ seconds: 3 });
    // killed while writing the last fragment: its moof/mdat are there only in part
    const lastFragment = clip.lastIndexOf('moof') - 4;
    const torn = clip.subarray(0, lastFragment + 200);
    const first = await createTestApp({ dataDir: dir });
    try {
      await first.homecam.repositories.recordingFiles.at(oldDir).write('Yard/2026-01-01/crash.mp4', torn);
      await first.homecam.repositories.recordings.insert({
        id: 'crash',
        camera: 'Yard',
        room: 'Outside',
        trigger: 'api',
        type: 'Video',
        label: 'motion',
        labels: null,
        started_at: new Date().toISOString(),
        duration_ms: 0,
        size_bytes: 0,
        file: 'Yard/2026-01-01/crash.mp4',
        thumbnail: 'Yard/2026-01-01/crash.jpg',
        status: 'recording',
        root: oldDir,
      });
      await first.homecam.config.patchSection('recordings', { ...first.homecam.config.get().recordings, path: join(dir, 'new') });
    } finally {
      await first.close();
    }

    const restarted = await createTestApp({ dataDir: dir });
    try {
      const row = await restarted.homecam.repositories.recordings.get('crash');
      expect(row).toMatchObject({ status: 'interrupted', root: oldDir, thumbnail: null });
      expect(row?.duration_ms).toBeGreaterThan(2_000);
      const onDisk = await readFile(join(oldDir, 'Yard/2026-01-01/crash.mp4'));
      expect(onDisk.length).toBe(row?.size_bytes);
      expect(onDisk.length).toBe(lastFragment);
      expect(onDisk.equals(torn.subarray(0, onDisk.length))).toBe(true);
      const token = (await signedInUser(restarted, ['recordings:access'])).token;
      const served = await restarted.inject({ url: '/files/recordings/Yard/2026-01-01/crash.mp4', headers: bearer(token) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(onDisk)).toBe(true);
    } finally {
      await restarted.close();
    }
  }, 30_000);

  it('a clip with garbage after its last fragment keeps its whole fragments; a file with nothing recognisable is left alone', async () => {
    const dir = join(await makeDataDir(), 'scan');
    const files = new RecordingFilesRepository(() => dir).at(dir);
    const clip = await generateFmp4({ seconds: 2 });
    await files.write('clean.mp4', clip);
    const clean = await files.scanClip('clean.mp4', false);
    await files.write('garbage.mp4', Buffer.concat([clip, Buffer.alloc(200, 0xff)]));
    expect(await files.scanClip('garbage.mp4', true)).toMatchObject({ validBytes: clean?.validBytes, fragments: clean?.fragments });
    expect((await readFile(join(dir, 'garbage.mp4'))).length).toBe(clean?.validBytes);
    await files.write('noise.mp4', Buffer.alloc(500, 0xff));
    expect(await files.scanClip('noise.mp4', true)).toMatchObject({ validBytes: 0 });
    expect((await readFile(join(dir, 'noise.mp4'))).length).toBe(500);
  }, 30_000);

  it('a database from before roots (0004) gets the directory in use filled in for its recordings', async () => {
    const dir = await makeDataDir();
    const recordingsDir = join(dir, 'clips');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ recordings: { active: false, path: recordingsDir } }));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(join(dir, DATABASE_FILE)) }) });
    try {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0004_push');
      expect(error).toBeUndefined();
      const values = { camera: 'Yard', room: 'Outside', trigger: 'api', type: 'Snapshot', label: 'motion', duration_ms: 0, size_bytes: JPEG.length, status: 'complete' };
      // the 0004 table has no root column: insert without it
      for (const id of ['before1', 'before2']) {
        await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
          .insertInto('recordings')
          .values({ ...values, id, started_at: new Date().toISOString(), file: `Yard/2026-01-01/${id}.jpg`, thumbnail: `Yard/2026-01-01/${id}.jpg` })
          .execute();
      }
    } finally {
      await db.destroy();
    }

    const upgraded = await createTestApp({ dataDir: dir });
    try {
      await upgraded.homecam.repositories.recordingFiles.at(recordingsDir).write('Yard/2026-01-01/before1.jpg', JPEG);
      const rows = await upgraded.homecam.repositories.recordings.all();
      expect(rows.map((r) => [r.id, r.root])).toEqual([
        ['before1', recordingsDir],
        ['before2', recordingsDir],
      ]);
      const token = (await signedInUser(upgraded, ['recordings:access'])).token;
      const served = await upgraded.inject({ url: '/files/recordings/Yard/2026-01-01/before1.jpg', headers: bearer(token) });
      expect(served.rawPayload.equals(JPEG)).toBe(true);
    } finally {
      await upgraded.close();
    }
  });
});
