import type { NotificationList } from '@homecam/shared';
import { startCameraSimulator, waitFor, type CameraSimulator, type SimulatedCamera } from '@homecam/tools';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomecamApp } from '../src/app.js';
import { createTestApp, makeDataDir } from './helpers/test-app.js';
import { bearer, signedInUser } from './helpers/users.js';

/**
 * Motion detection inside the server: a camera with video analysis on in config.json, the simulator's still
 * picture switched to a moving one → the detector's event goes through the camera-event rules → a notification;
 * still again → the event ends after the dwell. Zones and thresholds as in the motion module's integration test
 * (they leave out the simulator's clock and noise patch).
 */
const ZONES: [number, number][][] = [
  [[32, 0], [100, 0], [100, 50], [32, 50]],
  [[0, 14], [32, 14], [32, 50], [0, 50]],
  [[0, 50], [50, 50], [50, 100], [0, 100]],
  [[50, 50], [100, 50], [100, 70], [73, 70], [73, 100], [50, 100]],
];
const DWELL_S = 3;

let sim: CameraSimulator;
let cam: SimulatedCamera;
let app: HomecamApp;
let token: string;

beforeAll(async () => {
  sim = await startCameraSimulator({ cameras: 1, motion: true, names: ['yard'] });
  cam = sim.cameras[0]!;
  const dataDir = await makeDataDir();
  const camera = {
    name: 'Yard',
    videoConfig: { source: cam.mainUrl, subSource: cam.subUrl },
    videoanalysis: {
      active: true,
      dwellTimer: DWELL_S,
      forceCloseTimer: 0,
      sensitivity: 99,
      difference: 30,
      regions: ZONES.map((coords) => ({ coords })),
    },
    // Bare motion notifies only where no object detector decides (a ball is no person): detection-events.test.ts
    objectDetection: { active: false },
  };
  await writeFile(join(dataDir, 'config.json'), JSON.stringify({ recordings: { active: false }, cameras: [camera] }));
  app = await createTestApp({ dataDir });
  token = (await signedInUser(app, ['notifications:access'])).token;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sim?.close();
});

const motionNotifications = async (): Promise<NotificationList['result']> => {
  const response = await app.inject({ url: '/api/notifications?cameras=Yard', headers: bearer(token) });
  return response.json<NotificationList>().result.filter((n) => n.trigger === 'motion');
};

describe('motion detection wired into the server', () => {
  it('turns detected motion into one event with a notification, ended by the dwell', { timeout: 90_000 }, async () => {
    expect(await motionNotifications()).toEqual([]);

    await cam.setMotion(true);
    await waitFor(async () => (await motionNotifications()).length > 0, { timeoutMs: 30_000, message: 'a motion notification' });
    expect(app.homecam.cameraEvents.inMotion('Yard')).toBe(true);

    await cam.setMotion(false);
    await waitFor(() => !app.homecam.cameraEvents.inMotion('Yard'), { timeoutMs: 30_000, message: 'the event to end after the dwell' });
    // One picture that started moving is one event, however many frames moved.
    expect(await motionNotifications()).toHaveLength(1);
  });
});
