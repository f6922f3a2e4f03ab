import type { NotificationList } from '@homecam/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DomainEvents } from '../../src/events/event-bus.js';
import { FakeClock } from '../../src/lib/fake-clock.js';
import { closeAllSockets } from './socket.js';
import { appForSuite } from './suite-app.js';
import { makeDataDir } from './test-app.js';
import { bearer } from './users.js';

/**
 * Camera events and notifications without video: recordings are off, the cameras point at a closed port and are
 * never started (no prebuffering, no viewer). Real SQLite, real socket.io. Shared by events.test.ts (event rules,
 * notifications) and event-recordings.test.ts (the recordings API, retention, the recorder's edge cases).
 */
const NOWHERE = { source: 'rtsp://127.0.0.1:9/none' };
const CONFIG = {
  recordings: { active: false },
  cameras: [
    { name: 'Front Door', room: 'Hall', videoConfig: NOWHERE, motionTimeout: 0 },
    { name: 'Garden', room: 'Outside', videoConfig: NOWHERE, motionTimeout: 5 },
    { name: 'Garage', room: 'Outside', videoConfig: NOWHERE, disable: true },
    { name: 'Bedroom', videoConfig: NOWHERE, privacyMode: true },
  ],
};

/** The four cameras' app on a fake clock, with an admin, a notifications viewer and an editor; reset before each test. */
export function eventCamerasSuite() {
  const clock = new FakeClock();
  /** The motion and doorbell events the bus carried since the test started. */
  const events: { name: keyof DomainEvents; camera: string }[] = [];
  const suite = appForSuite(
    { admin: ['admin'], viewer: ['notifications:access'], editor: ['settings:notifications:edit', 'settings:cameras:edit'] },
    { app: async () => ({ dataDir: await makeDataDir(CONFIG), clock }), listen: true },
  );
  beforeAll(() => {
    for (const name of ['MotionStarted', 'MotionEnded', 'DoorbellPressed', 'ObjectDetected'] as const) {
      suite.app.homecam.bus.subscribe(name, (payload) => events.push({ name, camera: payload.camera }));
    }
  });
  afterAll(() => closeAllSockets());
  beforeEach(async () => {
    events.length = 0;
    await suite.app.homecam.config.patchSection('atHome', false);
    await suite.app.homecam.config.patchSection('exclude', []);
    await suite.app.homecam.notifications.deleteMany(undefined);
  });

  /** PUT as the editor (or `token`): the motion and doorbell routes. */
  const put = (path: string, token = suite.token.editor) => suite.app.inject({ method: 'PUT', url: path, headers: bearer(token) });

  /** GET /api/notifications as the viewer (or `token`), expecting 200. */
  async function notifications(query = '', token = suite.token.viewer): Promise<NotificationList> {
    const response = await suite.app.inject({ url: `/api/notifications${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationList>();
  }

  return { suite, clock, events, put, notifications };
}
