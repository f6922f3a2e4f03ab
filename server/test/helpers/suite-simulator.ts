import { startCameraSimulator, type CameraSimulator, type CameraSimulatorOptions, type SimulatedCamera } from '@homecam/tools';
import { afterAll, beforeAll } from 'vitest';

/** GStreamer needs a few seconds to bring its RTSP server up on a loaded machine. */
const START_TIMEOUT_MS = 60_000;

export interface SuiteSimulator {
  readonly sim: CameraSimulator;
  /** The first simulated camera: most suites have exactly one. */
  readonly camera: SimulatedCamera;
}

/**
 * The RTSP camera simulator for the tests of the enclosing file or describe block: started in a `beforeAll`,
 * closed in an `afterAll`. Register it before `appForSuite`, so that the app may be configured with its URLs and
 * is closed (stopping every upstream) before the simulator goes.
 */
export function simulatorForSuite(options: CameraSimulatorOptions): SuiteSimulator {
  let sim: CameraSimulator | undefined;
  const started = (): CameraSimulator => {
    if (!sim) throw new Error('the camera simulator is read before its beforeAll hook ran');
    return sim;
  };
  beforeAll(async () => {
    sim = await startCameraSimulator(options);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await sim?.close();
  });
  return {
    get sim() {
      return started();
    },
    get camera() {
      const camera = started().cameras[0];
      if (!camera) throw new Error('the simulator has no camera');
      return camera;
    },
  };
}
