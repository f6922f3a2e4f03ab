import { startCameraSimulator, type CameraSimulator } from '@homecam/tools';
import { test as base } from './fixtures.js';

/**
 * Tests with simulated RTSP cameras (GStreamer, tools/camera-sim): `simulator` starts two cameras before the test
 * and stops them after it. Each camera serves /main (720p25 H.264 + AAC, keyframe every 2 s) and /sub.
 */
export const test = base.extend<{ simulator: CameraSimulator }>({
  simulator: async ({}, use) => {
    const simulator = await startCameraSimulator({ cameras: 2 });
    try {
      await use(simulator);
    } finally {
      await simulator.close();
    }
  },
});

export { expect } from './fixtures.js';
