import type { RecordingSettings } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { randomBytes } from 'node:crypto';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { RecordingRow } from '../src/repositories/recording.repository.js';
import { FTP_JPEG, triggerFtpRecording } from './helpers/recordings.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Recordings keep the directory they were written under: after `recordings.path` changes, the older ones are
 * still served, deleted and expired where they are (start-up recovery: recording-roots-startup.test.ts). Rows and
 * files are made directly (no camera video); the recorder runs only for Snapshot/trigger-picture recordings of a
 * camera that never connects.
 */
const NOWHERE = { source: 'rtsp://127.0.0.1:9/none' };
const DAY = 86_400_000;
const JPEG = FTP_JPEG;

let app: HomecamApp;
let dataDir: string;
let dirA: string;
let dirB: string;
let clock: FakeClock;
let reader: string;
let admin: string;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** A finished recording under `root` (clip of `size` random bytes and a thumbnail), `ageMs` old. */
async function seed(id: string, root: string, ageMs: number, size = 1000): Promise<{ row: RecordingRow; clip: Buffer }> {
  const clip = randomBytes(size);
  const file = `Garden/2026-01-01/${id}.mp4`;
  const thumbnail = `Garden/2026-01-01/${id}.jpg`;
  const files = app.homecam.repositories.recordingFiles.at(root);
  await files.write(file, clip);
  await files.write(thumbnail, JPEG);
  const row: RecordingRow = {
    id,
    camera: 'Garden',
    room: 'Outside',
    trigger: 'http',
    type: 'Video',
    label: 'motion',
    labels: null,
    started_at: new Date(clock.now() - ageMs).toISOString(),
    duration_ms: 1000,
    size_bytes: size,
    file,
    thumbnail,
    status: 'complete',
    root,
  };
  await app.homecam.repositories.recordings.insert(row);
  return { row, clip };
}

async function setPath(path: string, extra: Record<string, unknown> = {}): Promise<void> {
  await app.homecam.config.patchSection('recordings', { ...app.homecam.config.get().recordings, path, ...extra });
}

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { ...bearer(reader), ...headers } });

beforeAll(async () => {
  dataDir = await makeDataDir();
  dirA = join(dataDir, 'disk-a');
  dirB = join(dataDir, 'disk-b');
  const config = {
    recordings: { active: true, type: 'Snapshot', path: dirA },
    cameras: [{ name: 'Garden', room: 'Outside', videoConfig: NOWHERE, motionTimeout: 1, recordingTimer: 1 }],
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  clock = new FakeClock();
  app = await createTestApp({ dataDir, clock });
  reader = (await signedInUser(app, ['recordings:access'])).token;
  admin = (await signedInUser(app, ['admin'])).token;
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.homecam.recordings.deleteMany(undefined);
  await setPath(dirA, { type: 'Snapshot', removeAfter: 7, maxSizeGB: undefined, minFreeGB: undefined });
});

describe('recordings after recordings.path changes', () => {
  it('older ones stay playable (ranges too) with their thumbnails, new ones go to the new path, deleting removes the old files', async () => {
    const { row: old, clip } = await seed('old', dirA, 60_000, 5000);
    const patched = await app.inject({ method: 'PATCH', url: '/api/settings/recordings', headers: bearer(admin), payload: { path: dirB } });
    expect(patched.json<RecordingSettings>().path).toBe(dirB);
    expect(app.homecam.repositories.recordingFiles.dir).toBe(dirB);

    const whole = await get(`/files/recordings/${old.file}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(clip)).toBe(true);
    const ranged = await get(`/files/recordings/${old.file}`, { range: 'bytes=100-1099' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${clip.length}`);
    expect(ranged.rawPayload.equals(clip.subarray(100, 1100))).toBe(true);
    const thumb = await get(`/files/recordings/${old.thumbnail ?? ''}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.equals(JPEG)).toBe(true);
    // a path with no row is a 404, even when a file is there; a path trick too
    await app.homecam.repositories.recordingFiles.at(dirB).write('Garden/2026-01-01/stray.jpg', JPEG);
    expect((await get('/files/recordings/Garden/2026-01-01/stray.jpg')).statusCode).toBe(404);
    expect((await get('/files/recordings/Garden/..%2F..%2F..%2Fconfig.json/x')).statusCode).toBe(404);

    const fresh = await triggerFtpRecording(app, 'Garden');
    expect(fresh).toMatchObject({ root: dirB, status: 'complete', type: 'Snapshot', size_bytes: JPEG.length });
    expect(await readFile(join(dirB, fresh.file))).toEqual(JPEG);
    expect(await exists(join(dirA, fresh.file))).toBe(false);
    expect((await get(`/files/recordings/${fresh.file}`)).rawPayload.equals(JPEG)).toBe(true);

    // the settings page counts both; free/total are of the disk in use
    const settings = (await app.inject({ url: '/api/settings/recordings', headers: bearer(admin) })).json<RecordingSettings>();
    expect(settings.disk).toMatchObject({ recordingsCount: 2, recordingsBytes: clip.length + JPEG.length });
    expect(settings.disk.totalBytes).toBeGreaterThan(0);

    expect((await app.inject({ method: 'DELETE', url: `/api/recordings/${old.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    expect(await exists(join(dirA, old.file))).toBe(false);
    expect(await exists(join(dirA, old.thumbnail ?? ''))).toBe(false);
    expect(await exists(join(dirB, fresh.file))).toBe(true);
    expect((await get(`/files/recordings/${old.file}`)).statusCode).toBe(404);
  });

  it('a path change during a clip keeps the clip and its thumbnail together under the directory it started in', async () => {
    await setPath(dirA, { type: 'Video' });
    app.homecam.cameraEvents.motionReset('Garden', 'api');
    expect(app.homecam.cameraEvents.sink().motion('Garden', 'ftp', { image: JPEG })).toMatchObject({ accepted: true });
    const id = app.modules.recorder.recorder.current('Garden')?.id ?? 'none';
    await waitFor(() => app.homecam.repositories.recordings.get(id), { message: 'the row' });
    await setPath(dirB);
    // The camera never connects: the clip ends by the (fake) clock, a recording time after motion ends.
    await waitFor(
      () => {
        clock.advance(1_000);
        return app.modules.recorder.recorder.current('Garden') === null;
      },
      { message: 'the clip to end' },
    );
    await app.modules.recorder.recorder.idle();
    const row = await app.homecam.repositories.recordings.get(id);
    // No video came (issue 17): kept as failed with the trigger's picture, which stayed where the clip began.
    expect(row).toMatchObject({ root: dirA, type: 'Video', status: 'failed', thumbnail: `${row?.file.replace(/\.mp4$/, '.jpg') ?? ''}` });
    expect(await exists(join(dirA, row?.file ?? 'none'))).toBe(false);
    expect(await readFile(join(dirA, row?.thumbnail ?? 'none'))).toEqual(JPEG);
    expect(await exists(join(dirB, row?.file ?? 'none'))).toBe(false);
    expect(await exists(join(dirB, row?.thumbnail ?? 'none'))).toBe(false);
    expect((await get(`/files/recordings/${row?.thumbnail ?? ''}`)).rawPayload.equals(JPEG)).toBe(true);
  });

  it('retention by age removes files under the old directory', async () => {
    const { row: expired } = await seed('expired', dirA, 10 * DAY);
    const { row: kept } = await seed('kept', dirA, DAY);
    await setPath(dirB);
    expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 1, forSpace: 0 });
    expect(await exists(join(dirA, expired.file))).toBe(false);
    expect(await exists(join(dirA, expired.thumbnail ?? ''))).toBe(false);
    expect(await exists(join(dirA, kept.file))).toBe(true);
  });

  it('the size limit counts recordings under every directory and deletes the oldest first across them', async () => {
    const a1 = (await seed('a1', dirA, 4 * 60_000)).row;
    await setPath(dirB);
    const b1 = (await seed('b1', dirB, 3 * 60_000)).row;
    const a2 = (await seed('a2', dirA, 2 * 60_000)).row;
    const b2 = (await seed('b2', dirB, 60_000)).row;
    // 4000 bytes against 2500: the two oldest go, one from each directory
    await setPath(dirB, { maxSizeGB: 2500 / 1024 ** 3 });
    expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 2 });
    expect((await app.homecam.repositories.recordings.all()).map((r) => r.id).sort()).toEqual(['a2', 'b2']);
    expect(await exists(join(dirA, a1.file))).toBe(false);
    expect(await exists(join(dirB, b1.file))).toBe(false);
    expect(await exists(join(dirA, a2.file))).toBe(true);
    expect(await exists(join(dirB, b2.file))).toBe(true);
  });

  it('the free-space rule deletes oldest first among recordings on the disk in use, whatever their directory', async () => {
    const a1 = (await seed('a1', dirA, 2 * 60_000)).row;
    await setPath(dirB);
    const b1 = (await seed('b1', dirB, 60_000)).row;
    // Both directories are on the temp disk: both count, oldest first. The rows claim 20 GiB each (the files are
    // small) and the minimum is 10 GiB above the free space now: deleting the oldest reaches it, whatever its directory.
    const size = 20 * 1024 ** 3;
    for (const row of [a1, b1]) await app.homecam.repositories.recordings.update(row.id, { size_bytes: size });
    const free = await app.homecam.repositories.recordingFiles.freeBytes();
    await setPath(dirB, { minFreeGB: Math.ceil(free / 1024 ** 3) + 10 });
    expect(await app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 1 });
    expect(await exists(join(dirA, a1.file))).toBe(false);
    expect(await exists(join(dirB, b1.file))).toBe(true);
  });
});
