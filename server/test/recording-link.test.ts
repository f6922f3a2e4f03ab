import type { Notification } from '@homecam/shared';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../src/context/context.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { Recorder } from '../src/recording/recorder.js';
import { FAST_HASHING, makeDataDir } from './helpers/test-app.js';

/**
 * A camera event's notification links the recording made for it, whichever of recorder and notifications
 * subscribed to the event bus first (swapping two start lines must not break it). A Snapshot recording of the
 * trigger's picture: no camera video is needed.
 */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

let ctx: AppContext | null = null;
let recorder: Recorder | null = null;
afterEach(async () => {
  ctx?.notifications.stop();
  await recorder?.close();
  ctx?.cameraEvents.close();
  await ctx?.database.close();
  ctx = null;
  recorder = null;
});

async function setUp(): Promise<{ ctx: AppContext; recorder: Recorder }> {
  const dataDir = await makeDataDir();
  const config = {
    recordings: { active: true, type: 'Snapshot' },
    cameras: [{ name: 'Garden', room: 'Outside', videoConfig: { source: 'rtsp://127.0.0.1:9/none' }, recordingTimer: 1 }],
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify(config));
  // Cameras in config.json before the first start: the admin password is needed (user.service.ts).
  ctx = await createContext({ dataDir, webDir: join(dataDir, 'web'), passwordHashing: FAST_HASHING, adminPassword: 'master', clock: new FakeClock(), logLevel: 'silent', logFile: false });
  recorder = new Recorder({ streams: ctx.streams, cameras: ctx.cameras, config: ctx.config, service: ctx.recordings, bus: ctx.bus, clock: ctx.clock, log: silent });
  return { ctx, recorder };
}

describe('the link between a notification and its recording', () => {
  it.each([
    ['recorder first', ['recorder', 'notifications']],
    ['notifications first', ['notifications', 'recorder']],
  ] as const)('holds with the %s', async (_name, order) => {
    const { ctx, recorder } = await setUp();
    const failures: unknown[] = [];
    for (const part of order) {
      if (part === 'recorder') recorder.start();
      else ctx.notifications.start((error) => failures.push(error));
    }
    const created = new Promise<Notification>((resolve) => ctx.bus.subscribe('NotificationCreated', (e) => resolve(e.notification)));

    expect(ctx.cameraEvents.sink().motion('Garden', 'ftp', { image: JPEG })).toMatchObject({ accepted: true });
    const clip = recorder.current('Garden');
    expect(clip).not.toBeNull();
    const notification = await created;
    await recorder.idle();

    const recording = await ctx.recordings.get(clip?.id ?? '');
    expect(recording).toMatchObject({ status: 'complete', type: 'Snapshot' });
    expect(notification).toMatchObject({ camera: 'Garden', recordingId: recording.id, thumbnail: recording.thumbnail });
    expect(notification.thumbnail).toMatch(/^\/files\/recordings\/Garden\/.+\.jpg$/);
    expect(failures).toEqual([]);
  });
});
