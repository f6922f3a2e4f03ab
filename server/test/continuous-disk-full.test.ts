import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { segmentsOf } from './helpers/continuous.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';

/**
 * A recordings disk that fills up: the recordings directory is a 10 MiB tmpfs (so this runs as root, like CI),
 * a busy picture (~1 Mbit/s) is recorded in 2 s segments, and the minimum free space is 4 MiB. Retention must drop
 * the oldest plain footage first and keep the event's, say so with an ERROR, and the live view must not notice.
 */
const run = promisify(execFile);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let sim: CameraSimulator;
let app: HomecamApp;
let mount: string;

beforeAll(async () => {
  if (!asRoot) return;
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'], mainSize: '640x360', subSize: '160x120', pattern: 'snow' });
  const dataDir = await makeDataDir();
  mount = join(dataDir, 'recordings');
  await mkdir(mount);
  await run('mount', ['-t', 'tmpfs', '-o', 'size=10m', 'tmpfs', mount]);
  const yard = { name: 'Yard', recordingMode: 'continuous', prebufferLength: 1, recordingTimer: 2, motionTimeout: 1, videoConfig: { source: sim.cameras[0]!.mainUrl, stimeout: 5 } };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { minFreeGB: 4 / 1024, continuous: { segmentSeconds: 2 } }, cameras: [yard] }));
  app = await createTestApp({ dataDir, continuous: { retentionEveryMs: 300 } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sim?.close();
  if (mount) await run('umount', ['-l', mount]).catch(() => undefined);
});

describe('continuous recording on a filling disk', () => {
  it.skipIf(!asRoot)('drops the oldest plain footage first, keeps the event footage, raises an ERROR, and the live view goes on', async () => {
    // An event early on: its segments are in the events tier.
    await waitFor(async () => (await segmentsOf(app, 'Yard')).some((row) => row.status === 'complete'), { timeoutMs: 30_000, message: 'footage' });
    expect(app.homecam.cameraEvents.motionStart('Yard', 'api').accepted).toBe(true);
    const id = app.modules.recorder.recorder.current('Yard')?.id ?? '';
    await app.modules.recorder.recorder.idle();
    const span = (await app.homecam.repositories.recordings.get(id))!;
    const spanStart = Date.parse(span.started_at);
    const spanEnd = spanStart + span.duration_ms;
    // Settled once all of the event's footage is finished (a segment reaches past its end, usually ~0.1 s of the
    // event lies in the segment being written when it ends) and the event is indexed (its review item is added
    // after its segments are marked).
    const snapshot = await waitFor(async () => {
      const rows = (await segmentsOf(app, 'Yard')).filter((row) => row.status === 'complete');
      const indexed = await app.homecam.database.db.selectFrom('review_items').select('id').where('camera', '=', 'Yard').executeTakeFirst();
      return indexed && rows.some((row) => row.end_ms >= spanEnd) ? rows : null;
    }, { timeoutMs: 30_000, message: 'the event footage finished and indexed' });
    // Every segment holding some of the event is in the events tier, the one holding its last moments too.
    const covered = snapshot.filter((row) => row.start_ms <= spanEnd && row.end_ms >= spanStart);
    expect(covered.length).toBeGreaterThan(0);
    expect(covered.map((row) => [row.start_ms, row.end_ms, row.event])).toEqual(covered.map((row) => [row.start_ms, row.end_ms, 1]));

    // A live viewer the whole time.
    const viewer = await app.homecam.streams.attach('Yard', 'main', { kind: 'viewer', label: 'disk-full-test' });
    const arrivals: number[] = [];
    const pump = (async () => {
      for await (const item of viewer) if (item.type === 'fragment') arrivals.push(Date.now());
    })();

    // Every finished segment seen while the disk fills (the ones retention drops included).
    const seen = new Map(snapshot.map((row) => [row.id, row]));
    const error = await waitFor(async () => {
      for (const row of await segmentsOf(app, 'Yard')) if (row.status === 'complete') seen.set(row.id, row);
      return (await app.homecam.repositories.notifications.list({}, { limit: 50 })).rows.find((n) => n.type === 'ERROR' && n.title === 'Continuous recording');
    }, { timeoutMs: 120_000, intervalMs: 100, message: 'the ERROR for footage dropped early' });
    expect(error.message).toContain('free on the recordings disk');
    const rows = await segmentsOf(app, 'Yard');
    const held = new Set(rows.map((row) => row.id));
    const dropped = [...seen.values()].filter((row) => !held.has(row.id));
    // Plain footage went (the oldest first); the event's footage is all still there.
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((row) => row.event === 0)).toBe(true);
    expect(snapshot.filter((row) => row.event === 1).every((row) => held.has(row.id))).toBe(true);
    const oldestPlainHeld = Math.min(...rows.filter((row) => row.event === 0 && row.status === 'complete').map((row) => row.start_ms));
    expect(dropped.every((row) => row.start_ms < oldestPlainHeld)).toBe(true);
    const { statfs } = await import('node:fs/promises');
    const disk = await statfs(mount);
    console.log(`disk full test: ${rows.length} segments held, ${((disk.bavail * disk.bsize) / 1024 / 1024).toFixed(1)} MiB free`);

    // The live view never stalled: fragments kept coming (100 ms each) through the whole fill.
    const since = arrivals[0] ?? Date.now();
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    expect(Date.now() - since).toBeGreaterThan(3_000);
    expect(Math.max(...gaps)).toBeLessThan(1_500);
    viewer.close();
    await pump;
  }, 180_000);
});
