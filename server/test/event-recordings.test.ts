import { RECORDINGS_MIN_FREE_GB_LIMIT, type RecordingList } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventCamerasSuite } from './helpers/event-cameras.js';
import { bearer, signedInUser } from './helpers/users.js';

/** The recordings API and retention on the event cameras, and the recorder with a trigger picture or a broken directory. */
const { suite, clock, put, notifications } = eventCamerasSuite();

describe('recordings: API and retention', () => {
  const DAY = 86_400_000;
  async function seedRecordings(): Promise<string[]> {
    const repo = suite.app.homecam.repositories.recordings;
    const files = suite.app.homecam.repositories.recordingFiles.at(suite.app.homecam.repositories.recordingFiles.dir);
    const ids: string[] = [];
    // one 10 days old, then four within the last hour, oldest first; 1000 bytes each
    const times = [clock.now() - 10 * DAY, ...[4, 3, 2, 1].map((m) => clock.now() - m * 60_000)];
    for (const [i, at] of times.entries()) {
      const id = `rec${i}`;
      const file = `Garden/2026-01-01/${id}.mp4`;
      await files.write(file, Buffer.alloc(1000, i));
      await files.write(`Garden/2026-01-01/${id}.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      await repo.insert({
        id,
        camera: i % 2 ? 'Garden' : 'Front Door',
        room: i % 2 ? 'Outside' : 'Hall',
        trigger: 'http',
        type: i === 4 ? 'Snapshot' : 'Video',
        label: 'motion',
        labels: null,
        started_at: new Date(at).toISOString(),
        duration_ms: 1000,
        size_bytes: 1000,
        file,
        thumbnail: `Garden/2026-01-01/${id}.jpg`,
        status: 'complete',
        root: files.dir,
      });
      ids.push(id);
    }
    return ids;
  }

  it('lists with filters and cursor pages; deleting needs settings:recordings:edit and removes the files', async () => {
    const ids = await seedRecordings();
    const reader = (await signedInUser(suite.app, ['recordings:access'])).token;
    const page1 = await suite.app.inject({ url: '/api/recordings?limit=3', headers: bearer(reader) });
    const first = page1.json<RecordingList>();
    expect(first.result.map((r) => r.id)).toEqual(['rec4', 'rec3', 'rec2']);
    const page2 = (await suite.app.inject({ url: `/api/recordings?limit=3&cursor=${first.nextCursor}`, headers: bearer(reader) })).json<RecordingList>();
    expect(page2).toEqual({ result: [expect.objectContaining({ id: 'rec1' }), expect.objectContaining({ id: 'rec0' })], nextCursor: null });
    const filtered = (await suite.app.inject({ url: '/api/recordings?cameras=Garden&types=Video', headers: bearer(reader) })).json<RecordingList>();
    expect(filtered.result.map((r) => r.id)).toEqual(['rec3', 'rec1']);
    expect((await suite.app.inject({ url: '/api/recordings', headers: suite.bearer('viewer') })).statusCode).toBe(403);
    expect((await suite.app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(reader), payload: { ids: ['rec1'] } })).statusCode).toBe(403);

    const deleter = (await signedInUser(suite.app, ['settings:recordings:edit', 'recordings:access'])).token;
    const several = await suite.app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(deleter), payload: { ids: ['rec1', 'rec2'] } });
    expect(several.json()).toEqual({ removed: 2 });
    expect((await suite.app.inject({ url: '/files/recordings/Garden/2026-01-01/rec1.mp4', headers: bearer(reader) })).statusCode).toBe(404);
    expect((await suite.app.inject({ url: '/files/recordings/Garden/2026-01-01/rec3.mp4', headers: bearer(reader) })).statusCode).toBe(200);
    const all = await suite.app.inject({ method: 'DELETE', url: '/api/recordings', headers: bearer(deleter) });
    expect(all.json()).toEqual({ removed: ids.length - 2 });
    expect((await suite.app.inject({ url: '/files/recordings/Garden/2026-01-01/rec3.mp4', headers: bearer(reader) })).statusCode).toBe(404);
  });

  it('retention: older than removeAfter days go quietly; over the maximum size the oldest go first, with a WARN notification; an unreachable free-space minimum deletes none', async () => {
    await seedRecordings();
    const removedEvents: (string[] | null)[] = [];
    const off = suite.app.homecam.bus.subscribe('RecordingsRemoved', ({ ids }) => removedEvents.push(ids));
    try {
      const recordings = suite.app.homecam.config.get().recordings;
      await suite.app.homecam.config.patchSection('recordings', { ...recordings, active: false, removeAfter: 7, maxSizeGB: 2500 / 1024 ** 3 });
      expect(await suite.app.homecam.recordings.enforceRetention()).toEqual({ expired: 1, forSpace: 2 });
      expect(removedEvents).toEqual([['rec0'], ['rec1', 'rec2']]);
      const left = await suite.app.homecam.repositories.recordings.all();
      expect(left.map((r) => r.id).sort()).toEqual(['rec3', 'rec4']);
      const warnings = await notifications('?types=WARN');
      expect(warnings.result).toHaveLength(1);
      expect(warnings.result[0]?.message).toMatch(/Deleted the 2 oldest recording/);
      // within the limit now: nothing more, no new warning
      expect(await suite.app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 0 });
      expect((await notifications('?types=WARN')).result).toHaveLength(1);
      // a minimum free space the disk can never reach (the largest allowed, beyond any test disk): deleting every
      // recording would not reach it, so none go; an ERROR says why (before: all were deleted, then the ERROR)
      const disk = await statfs(suite.app.homecam.repositories.recordingFiles.dir);
      expect(disk.blocks * disk.bsize).toBeLessThan(RECORDINGS_MIN_FREE_GB_LIMIT * 1024 ** 3);
      await suite.app.homecam.config.patchSection('recordings', { ...recordings, active: false, removeAfter: 7, minFreeGB: RECORDINGS_MIN_FREE_GB_LIMIT });
      expect(await suite.app.homecam.recordings.enforceRetention()).toEqual({ expired: 0, forSpace: 0 });
      expect((await suite.app.homecam.repositories.recordings.all()).map((r) => r.id).sort()).toEqual(['rec3', 'rec4']);
      expect(removedEvents).toHaveLength(2);
      expect((await notifications('?types=ERROR')).result[0]?.message).toMatch(/free on the recordings disk.*none deleted for free space/);
      expect((await notifications('?types=WARN')).result).toHaveLength(1);
      // a merge patch: null takes the limits out again
      await suite.app.homecam.config.patchSection('recordings', { ...recordings, active: false, maxSizeGB: null, minFreeGB: null });
    } finally {
      off();
      await suite.app.homecam.recordings.deleteMany(undefined);
    }
  });
});

describe('recorder with a trigger picture', () => {
  it('a Snapshot recording of an FTP/SMTP trigger keeps the JPEG that came with it', async () => {
    const recordings = suite.app.homecam.config.get().recordings;
    await suite.app.homecam.config.patchSection('recordings', { ...recordings, active: true, type: 'Snapshot' });
    try {
      suite.app.homecam.cameraEvents.motionReset('Garden', 'api'); // a new event, not the continuation of an earlier one
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      expect(await suite.app.homecam.cameraEvents.sink().motion('Garden', 'ftp', { image: jpeg })).toMatchObject({ accepted: true });
      await suite.app.modules.recorder.recorder.idle();
      const rows = await suite.app.homecam.repositories.recordings.all();
      expect(rows.map((r) => [r.type, r.status, r.trigger, r.size_bytes])).toEqual([['Snapshot', 'complete', 'ftp', jpeg.length]]);
      const reader = (await signedInUser(suite.app, ['recordings:access'])).token;
      const file = await suite.app.inject({ url: `/files/recordings/${rows[0]?.file ?? ''}`, headers: bearer(reader) });
      expect(file.rawPayload.equals(jpeg)).toBe(true);
      const note = await waitFor(async () => (await notifications('?cameras=Garden')).result[0]);
      expect(note).toMatchObject({ recordingId: rows[0]?.id, trigger: 'ftp' });
    } finally {
      await suite.app.homecam.config.patchSection('recordings', { ...recordings });
      suite.app.homecam.cameraEvents.motionReset('Garden', 'api');
      await suite.app.homecam.recordings.deleteMany(undefined);
    }
  });
});

describe('recorder failures', () => {
  it('a clip that cannot be written raises an ERROR notification and its row is interrupted', async () => {
    const recordings = suite.app.homecam.config.get().recordings;
    // An adopted directory that is then replaced by a file: the clip cannot be created. (A path below a file is
    // refused when it is set, so the directory breaks after adoption, as a disk that went away would.)
    const broken = join(suite.app.homecam.dataDir, 'rec-broken');
    await suite.app.homecam.config.patchSection('recordings', { ...recordings, active: true, type: 'Video', path: broken });
    await rm(broken, { recursive: true, force: true });
    await writeFile(broken, 'not a directory');
    try {
      expect((await put('/api/cameras/Garden/motion/start')).json()).toMatchObject({ accepted: true });
      const error = await waitFor(async () => (await notifications('?types=ERROR')).result[0], { message: 'the ERROR notification' });
      expect(error).toMatchObject({ level: 'ERROR', title: 'Recording failed' });
      expect(error.message).toMatch(/^Garden: /);
      await suite.app.modules.recorder.recorder.idle();
      const rows = await suite.app.homecam.repositories.recordings.all();
      expect(rows.map((r) => [r.camera, r.status])).toEqual([['Garden', 'interrupted']]);
    } finally {
      await suite.app.homecam.config.patchSection('recordings', { ...recordings, path: recordings.path ?? null });
      suite.app.homecam.cameraEvents.motionReset('Garden', 'api');
    }
  });
});
