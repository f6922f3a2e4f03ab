import type { CameraFootageStats, ContinuousSettingsResponse } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import type { SegmentRow } from '../src/continuous/segment-index.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Settings → Recordings (issue 19): per camera the days held, bytes per day and "at this rate the cap holds N
 * days"; the same for all cameras against the overall cap and the disk. The footage is indexed by one run of the
 * app, and counted from the index by the next (as after a restart); the real SQLite file and the real disk's free space.
 */
const HOUR = 3_600_000;
const MB = 1024 ** 2;
const GB = 1024 ** 3;
const DEMO = { source: 'demo:?size=160x120&fps=5&audio=0' };

let app: HomecamApp;
let indexedAt: number;

/** Hourly segments of a camera ending half an hour apart from `indexedAt` back (the half hour keeps the last-24-h count stable). */
function hours(camera: string, count: number, bytes: number): SegmentRow[] {
  return Array.from({ length: count }, (_, h) => {
    const end = indexedAt - h * HOUR - HOUR / 2;
    return {
      id: `${camera}-${h}`, node_id: 'local', camera, stream: 'main', start_ms: end - HOUR, end_ms: end, bytes, init_bytes: 8, init_hash: 'h',
      root: '/nowhere', file: `segments.d/${camera}/${h}.mp4`, motion: 0, motion_score: 0, event: 0, status: 'complete',
    };
  });
}

beforeAll(async () => {
  const dataDir = await makeDataDir();
  const cameras = [
    { name: 'Yard', recordingMode: 'events', recordingMaxSizeGB: 1, videoConfig: DEMO },
    { name: 'Drive', recordingMode: 'events', videoConfig: DEMO },
  ];
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ cameras, recordings: { minFreeGB: 0.5, continuous: { cameraMaxSizeGB: 2, maxSizeGB: 10 } } }));
  const first = await createTestApp({ dataDir, continuous: { retentionEveryMs: 0 } });
  indexedAt = Date.now();
  for (const row of [...hours('Yard', 84, 10 * MB), ...hours('Drive', 12, 5 * MB)]) await first.modules.continuous.segments.insert(row);
  await first.close();
  app = await createTestApp({ dataDir, continuous: { retentionEveryMs: 0 } });
}, 60_000);

afterAll(() => app?.close());

describe('Settings → Recordings: what each camera holds and how long the caps last', () => {
  it('gives days held, bytes per day and the days each cap and the disk hold at that rate', async () => {
    const { token } = await signedInUser(app, ['settings:recordings:access']);
    const response = await app.inject({ url: '/api/settings/recordings/continuous', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<ContinuousSettingsResponse>();
    const free = await app.homecam.repositories.recordingFiles.freeBytes();
    const yard = body.cameras.find((camera) => camera.camera === 'Yard') as CameraFootageStats;
    const drive = body.cameras.find((camera) => camera.camera === 'Drive') as CameraFootageStats;

    // Yard: 3.5 days held (84 h ending 30 min ago); the last 24 h hold 23 whole segments; its own 1 GB cap.
    expect(yard).toMatchObject({ mode: 'events', maxSizeGB: 1, bytes: 840 * MB, segments: 84, bytesPerDay: 230 * MB });
    expect(yard.daysHeld).toBeCloseTo(84.5 / 24, 2);
    expect(yard.capDays).toBeCloseTo(1024 / 230, 2);
    // Drive: half a day held, so the rate is the average of what is held; the default 2 GB cap per camera.
    const driveRate = (60 * MB) / (12.5 / 24);
    expect(drive).toMatchObject({ maxSizeGB: 2, bytes: 60 * MB, segments: 12 });
    expect(drive.daysHeld).toBeCloseTo(12.5 / 24, 2);
    expect(drive.bytesPerDay / driveRate).toBeCloseTo(1, 3);
    expect(drive.capDays).toBeCloseTo((2 * GB) / driveRate, 1);
    // All cameras: the overall 10 GB cap, and the disk (free space + footage held − the 0.5 GB kept free).
    const rate = yard.bytesPerDay + drive.bytesPerDay;
    expect(body).toMatchObject({ totalBytes: 900 * MB, bytesPerDay: rate, maxSizeGB: 10, minFreeGB: 0.5 });
    expect(body.capDays).toBeCloseTo((10 * GB) / rate, 2);
    expect((body.diskDays ?? 0) / ((free + 900 * MB - 0.5 * GB) / rate)).toBeCloseTo(1, 2);
  });

  it('a changed cap changes the estimate at once; a camera without footage has none', async () => {
    const { token } = await signedInUser(app, ['settings:recordings:edit']);
    const patched = await app.inject({ method: 'PATCH', url: '/api/settings/recordings/continuous', headers: bearer(token), payload: { cameraMaxSizeGB: 4, maxSizeGB: null } });
    expect(patched.statusCode).toBe(200);
    const body = patched.json<ContinuousSettingsResponse>();
    const drive = body.cameras.find((camera) => camera.camera === 'Drive');
    expect(drive?.maxSizeGB).toBe(4);
    expect(drive?.capDays).toBeCloseTo((4 * GB) / (drive?.bytesPerDay ?? 1), 2);
    expect(body.capDays).toBeNull();
    await app.homecam.cameras.create({ name: 'Porch', videoConfig: DEMO });
    const porch = (await app.inject({ url: '/api/settings/recordings/continuous', headers: bearer(token) })).json<ContinuousSettingsResponse>().cameras.find((camera) => camera.camera === 'Porch');
    expect(porch).toMatchObject({ bytes: 0, segments: 0, daysHeld: 0, bytesPerDay: 0, capDays: null });
  });
});
