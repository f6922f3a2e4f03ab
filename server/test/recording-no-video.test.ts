import type { NotificationList, Recording } from '@homecam/shared';
import { waitFor } from '@homecam/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { JsonLogCapture } from './helpers/log-capture.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Issue 17: a clip whose stream never sent a frame (the camera is unreachable) is not listed as a 0 s / 0 B
 * recording nor logged as complete: without a picture it is removed (the event's notification stays, unlinked);
 * with the trigger's picture (an FTP upload) it is kept as `failed` with that picture only. Logged as failed.
 */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('trigger-picture'), Buffer.from([0xff, 0xd9])]);
const logs = new JsonLogCapture<{ level: number; msg: string; id?: string; module?: string }>();
let app: HomecamApp;
let admin: string;

beforeAll(async () => {
  const dataDir = await makeDataDir({
    recordings: { active: true, type: 'Video' },
    cameras: [{ name: 'Shed', videoConfig: { source: 'rtsp://127.0.0.1:9/none', stimeout: 1 }, recordingTimer: 1, motionTimeout: 1 }],
  });
  app = await createTestApp({ dataDir, logLevel: 'info', logStream: logs });
  admin = (await signedInUser(app, ['admin'])).token;
});

afterAll(async () => {
  await app?.close();
});

describe('a recording that got nothing', () => {
  it('is removed and logged as failed, never listed as 0 s / 0 B or logged as complete', async () => {
    expect(app.homecam.cameraEvents.sink().motion('Shed', 'http')).toMatchObject({ accepted: true });
    await app.homecam.cameraEvents.sink().motionReset('Shed', 'http');
    const failed = await waitFor(() => logs.lines.find((line) => line.msg.startsWith('recording failed')), { timeoutMs: 30_000, message: 'the failed recording' });
    await app.modules.recorder.recorder.idle();
    expect(failed).toMatchObject({ level: 40, msg: 'recording failed: nothing recorded, removed' });
    expect(logs.lines.filter((line) => line.msg === 'recording complete')).toEqual([]);
    const list = await app.inject({ url: '/api/recordings', headers: bearer(admin) });
    expect(list.json<{ result: unknown[] }>().result).toEqual([]);
    expect(await app.homecam.repositories.recordings.all()).toEqual([]);
    // The event itself still shows, without a link to a recording that does not exist.
    const notes = (await app.inject({ url: '/api/notifications?cameras=Shed', headers: bearer(admin) })).json<NotificationList>().result;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ camera: 'Shed', type: 'motion', recordingId: null });
  });

  it("with the trigger's picture is kept as failed: the picture stays, the empty clip file goes", async () => {
    const before = logs.lines.length;
    expect(app.homecam.cameraEvents.sink().motion('Shed', 'ftp', { image: JPEG })).toMatchObject({ accepted: true });
    await app.homecam.cameraEvents.sink().motionReset('Shed', 'ftp');
    await waitFor(() => logs.lines.slice(before).some((line) => line.msg.startsWith('recording failed')), { timeoutMs: 30_000, message: 'the failed recording' });
    await app.modules.recorder.recorder.idle();
    // The audit trail (module 'audit') has its own started/finished lines; this checks the recorder's own verdict.
    expect(logs.lines.slice(before).filter((line) => line.module === 'recorder' && line.msg.startsWith('recording'))).toMatchObject([{ level: 40, msg: 'recording failed: only the trigger picture is kept' }]);
    const [row] = await app.homecam.repositories.recordings.all();
    expect(row).toMatchObject({ camera: 'Shed', type: 'Video', status: 'failed', duration_ms: 0, size_bytes: 0 });
    const listed = (await app.inject({ url: '/api/recordings', headers: bearer(admin) })).json<{ result: Recording[] }>().result;
    expect(listed).toMatchObject([{ status: 'failed', thumbnail: expect.stringContaining('.jpg') as string }]);
    expect((await app.inject({ url: listed[0]?.thumbnail ?? '', headers: bearer(admin) })).rawPayload.equals(JPEG)).toBe(true);
    expect((await app.inject({ url: listed[0]?.file ?? '', headers: bearer(admin) })).statusCode).toBe(404);
  });
});
