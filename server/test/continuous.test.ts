import type { ExportJob, ExportList, Recording, ReviewList, Timeline } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { decodeErrors, ffprobe, parsePlaylist, segmentsOf, SteppableClock } from './helpers/continuous.js';
import { closeAllSockets, connectOutcome, socketClient } from './helpers/socket.js';
import { createTestApp, listen, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * 24/7 recording end to end: the GStreamer simulator, real ffmpeg/ffprobe, real SQLite, socket.io. One camera
 * recorded continuously in 4 s segments (2 s GOP); an outage, an event as a span, the playlist, an export across a
 * segment boundary, review, and a clock stepped backwards.
 */
let sim: CameraSimulator;
let app: HomecamApp;
let dataDir: string;
let url: string;
let viewer: string;
const clock = new SteppableClock();
const SEGMENT_S = 4;

const complete = async () => (await segmentsOf(app, 'Yard')).filter((row) => row.status === 'complete');
const get = async <T>(path: string, token = viewer): Promise<T> => {
  const response = await app.inject({ url: path, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, names: ['yard'], mainSize: '320x240', subSize: '160x120' });
  const camera = sim.cameras[0]!;
  dataDir = await makeDataDir();
  const yard = {
    name: 'Yard', recordingMode: 'continuous', prebufferLength: 2, recordingTimer: 2, motionTimeout: 1,
    videoConfig: { source: camera.mainUrl, subSource: camera.subUrl, stimeout: 5 },
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { continuous: { segmentSeconds: SEGMENT_S } }, cameras: [yard] }));
  app = await createTestApp({
    dataDir, clock,
    media: { hub: { process: { backoff: { initialMs: 200, maxMs: 1_000 } } } },
    continuous: { gapMs: 3_000, retentionEveryMs: 0 },
  });
  url = await listen(app);
  viewer = (await signedInUser(app, ['recordings:access'])).token;
}, 60_000);

afterAll(async () => {
  closeAllSockets();
  await app?.close();
  await sim?.close();
});

describe('continuous recording', () => {
  it('writes standalone segments of the hub stream, leaves a gap across an outage, and serves them as HLS', async () => {
    await waitFor(async () => (await complete()).length >= 2, { timeoutMs: 40_000, message: 'two segments' });
    const camera = sim.cameras[0]!;
    await camera.stop();
    await waitFor(() => app.modules.continuous.recorder.live('Yard') === null, { timeoutMs: 20_000, message: 'the segment to end at the outage' });
    const outageEnd = Math.max(...(await complete()).map((row) => row.end_ms));
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the outage lasts a while (not a wait for a condition)
    await camera.start();
    await waitFor(async () => (await complete()).filter((row) => row.start_ms > outageEnd).length >= 2, { timeoutMs: 40_000, message: 'two segments after the outage' });

    const rows = await complete();
    for (const row of rows) {
      expect(row.end_ms).toBeGreaterThan(row.start_ms);
      // cut at the first keyframe after the target (2 s GOP): never much longer
      expect(row.end_ms - row.start_ms).toBeLessThanOrEqual((SEGMENT_S + 2.5) * 1000);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.start_ms).toBeGreaterThanOrEqual(rows[i - 1]!.end_ms);
    const after = rows.find((row) => row.start_ms > outageEnd)!;
    expect(after.start_ms - outageEnd).toBeGreaterThan(1_500);
    const file = join(rows[0]!.root, rows[0]!.file);
    expect(await ffprobe(file)).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(await decodeErrors(file)).toBe('');

    // The timeline shows the gap; the playlist parses and its durations sum to the footage.
    const from = rows[0]!.start_ms;
    const to = rows[rows.length - 1]!.end_ms;
    const timeline = await get<Timeline>(`/api/timeline?cameras=Yard&from=${from}&to=${to}`);
    const yard = timeline.cameras[0]!;
    expect(yard.gaps.some((gap) => gap.start <= outageEnd + 1_000 && gap.end >= after.start_ms - 1_000)).toBe(true);
    expect(yard.spans.length).toBeGreaterThanOrEqual(2);
    const response = await app.inject({ url: `/api/cameras/Yard/recording/playlist.m3u8?from=${from}&to=${to}`, headers: bearer(viewer) });
    expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const playlist = parsePlaylist(response.body);
    expect(playlist.ended).toBe(true);
    expect(playlist.durations).toHaveLength(rows.length);
    const footage = rows.reduce((sum, row) => sum + row.end_ms - row.start_ms, 0) / 1000;
    expect(Math.abs(playlist.durations.reduce((a, b) => a + b, 0) - footage)).toBeLessThan(0.01 * rows.length);
    expect(playlist.dates).toEqual(rows.map((row) => row.start_ms));
    expect(playlist.discontinuities).toBeGreaterThanOrEqual(1);
    expect(playlist.maps.length).toBeGreaterThanOrEqual(1);
    // The byte ranges address the media of a segment: a moof after the init (which starts with ftyp).
    const first = playlist.ranges[0]!;
    const media = await app.inject({ url: first.uri, headers: { ...bearer(viewer), range: `bytes=${first.offset}-${first.offset + first.length - 1}` } });
    expect(media.statusCode).toBe(206);
    expect(media.rawPayload.length).toBe(first.length);
    expect(media.rawPayload.subarray(4, 8).toString('latin1')).toMatch(/moof|styp/);
    const init = await app.inject({ url: first.uri, headers: { ...bearer(viewer), range: 'bytes=0-15' } });
    expect(init.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // No recordings:access, no footage.
    const stranger = (await signedInUser(app, ['cameras:access'])).token;
    expect((await app.inject({ url: first.uri, headers: bearer(stranger) })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/cameras/Nope/recording/playlist.m3u8?from=${from}&to=${to}`, headers: bearer(viewer) })).statusCode).toBe(404);
  }, 150_000);

  it('records an event as a span of the footage: no second file, the recording plays, its segments and review item are marked', async () => {
    const editor = (await signedInUser(app, ['settings:cameras:edit'])).token;
    expect((await app.inject({ method: 'PUT', url: '/api/cameras/Yard/motion/start', headers: bearer(editor) })).json()).toMatchObject({ accepted: true });
    const recording = await waitFor(async () => (await get<{ result: Recording[] }>('/api/recordings?cameras=Yard')).result.find((r) => r.status === 'complete'), { timeoutMs: 30_000, message: 'the span' });
    expect(recording).toMatchObject({ type: 'Video', camera: 'Yard', label: 'motion' });
    expect(recording.durationMs).toBeGreaterThanOrEqual(2_000);
    const row = await app.homecam.repositories.recordings.get(recording.id);
    expect(row?.span).toBe(1);
    const { stat } = await import('node:fs/promises');
    await expect(stat(join(row!.root!, row!.file))).rejects.toThrow();
    // The span plays: init + fragments of its segments as one MP4, ranged too.
    const whole = await app.inject({ url: recording.file, headers: bearer(viewer) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    const path = join(dataDir, 'span.mp4');
    await writeFile(path, whole.rawPayload);
    expect((await ffprobe(path)).codec).toBe('h264');
    const ranged = await app.inject({ url: recording.file, headers: { ...bearer(viewer), range: 'bytes=10-109' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(whole.rawPayload.subarray(10, 110))).toBe(true);
    // Its thumbnail is the picture, not the footage under the picture's name (notifications show it).
    expect(recording.thumbnail).toMatch(/\.jpg$/);
    const thumbnail = await app.inject({ url: recording.thumbnail!, headers: bearer(viewer) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    // The segments it covers are in the events tier; one review item, reviewed per user.
    const spanStart = Date.parse(recording.startedAt);
    const flagged = await waitFor(async () => (await segmentsOf(app, 'Yard')).find((seg) => seg.event === 1), { message: 'event flags' });
    expect(flagged.start_ms).toBeLessThanOrEqual(spanStart + recording.durationMs);
    expect(flagged.end_ms).toBeGreaterThanOrEqual(spanStart);
    const items = await get<ReviewList>('/api/review?cameras=Yard&reviewed=false');
    expect(items.result).toHaveLength(1);
    expect(items.unreviewed).toBe(1);
    expect((await app.inject({ method: 'PUT', url: `/api/review/${items.result[0]!.id}/reviewed`, headers: bearer(viewer) })).statusCode).toBe(204);
    expect((await get<ReviewList>('/api/review?cameras=Yard')).unreviewed).toBe(0);
    const other = (await signedInUser(app, ['recordings:access'])).token;
    expect((await get<ReviewList>('/api/review', other)).unreviewed).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/review/reviewed', headers: bearer(other), payload: {} })).json()).toEqual({ marked: 1 });
  }, 60_000);

  it('exports a range across a segment boundary into one MP4 by stream copy, with progress on the socket', async () => {
    const rows = await complete();
    const pair = rows.findIndex((row, i) => i > 0 && row.start_ms === rows[i - 1]!.end_ms);
    expect(pair).toBeGreaterThan(0);
    const from = rows[pair - 1]!.start_ms + 1_000;
    const to = rows[pair]!.start_ms + 2_000;
    const socket = socketClient(url, viewer);
    const heard: ExportJob[] = [];
    socket.on('exportProgress', (job) => heard.push(job));
    expect(await connectOutcome(socket)).toBe('connected');
    const created = await app.inject({ method: 'POST', url: '/api/exports', headers: bearer(viewer), payload: { cameras: ['Yard'], from, to, name: 'Gate' } });
    expect(created.statusCode).toBe(202);
    const job = created.json<ExportList>().result[0]!;
    const done = await waitFor(() => heard.find((j) => j.id === job.id && j.status !== 'queued' && j.status !== 'running'), { timeoutMs: 30_000, message: 'the export' });
    expect(done).toMatchObject({ status: 'done', name: 'Gate', progress: 1 });
    const download = await app.inject({ url: done.download ?? '', headers: bearer(viewer) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('Gate.mp4');
    const path = join(dataDir, 'export.mp4');
    await writeFile(path, download.rawPayload);
    const probe = await ffprobe(path);
    console.log(`export of ${(to - from) / 1000} s across a segment boundary: ffprobe ${probe.duration} s`);
    expect(probe).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(Math.abs(probe.duration - (to - from) / 1000)).toBeLessThanOrEqual(0.5);
    // Someone else's export is not theirs to see; the owner deletes it.
    const other = (await signedInUser(app, ['recordings:access'])).token;
    expect((await app.inject({ url: `/api/exports/${job.id}`, headers: bearer(other) })).statusCode).toBe(404);
    expect((await get<ExportList>('/api/exports', other)).result).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: `/api/exports/${job.id}`, headers: bearer(viewer) })).statusCode).toBe(204);
    expect((await app.inject({ url: done.download ?? '', headers: bearer(viewer) })).statusCode).toBe(404);
  }, 60_000);

  it('exportProgress reaches only its owner, and stops the moment the owner loses recordings:access', async () => {
    const { user, token } = await signedInUser(app, ['recordings:access']);
    const { user: otherUser, token: other } = await signedInUser(app, ['recordings:access']);
    const admin = (await signedInUser(app, ['admin'])).token;
    const mine = socketClient(url, token);
    const theirs = socketClient(url, other);
    const heard: { who: string; job: ExportJob }[] = [];
    mine.on('exportProgress', (job) => heard.push({ who: 'owner', job }));
    theirs.on('exportProgress', (job) => heard.push({ who: 'other', job }));
    expect(await connectOutcome(mine)).toBe('connected');
    expect(await connectOutcome(theirs)).toBe('connected');
    const job = (n: number): ExportJob => ({ id: `job-${n}`, name: 'x', camera: 'Yard', from: 0, to: 1, status: 'running', progress: n / 10, bytes: 0, durationMs: 0, ownerId: user.id, createdAt: 0, error: null, download: null });
    app.homecam.bus.publish('ExportProgress', { job: job(1) });
    await waitFor(() => heard.some((h) => h.job.id === 'job-1'), { message: 'the first progress' });
    expect((await app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: bearer(admin), payload: { permissionLevel: ['cameras:access'] } })).statusCode).toBe(200);
    app.homecam.bus.publish('ExportProgress', { job: job(2) });
    app.homecam.bus.publish('ExportProgress', { job: { ...job(3), ownerId: -1 } });
    // A marker after them for the other user: emitted after anything for the owner would have been.
    app.homecam.bus.publish('ExportProgress', { job: { ...job(4), ownerId: otherUser.id } });
    await waitFor(() => heard.some((h) => h.job.id === 'job-4'), { message: 'the marker' });
    expect(heard.map((h) => `${h.who}:${h.job.id}`)).toEqual(['owner:job-1', 'other:job-4']);
  });

  it('a clock stepped backwards never makes overlapping or negative segments', async () => {
    const before = await complete();
    const last = before[before.length - 1]!;
    clock.offsetMs = -60_000;
    await waitFor(async () => (await complete()).filter((row) => row.start_ms >= last.end_ms).length >= 2, { timeoutMs: 40_000, message: 'segments after the step' });
    const rows = await complete();
    for (const row of rows) expect(row.end_ms).toBeGreaterThan(row.start_ms);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.start_ms).toBeGreaterThanOrEqual(rows[i - 1]!.end_ms);
    // The step went back a minute: what follows continues from the previous end, not a minute earlier.
    expect(rows.find((row) => row.start_ms >= last.end_ms)!.start_ms - last.end_ms).toBeLessThan(2_000);
    clock.offsetMs = 0;
  }, 60_000);
});
