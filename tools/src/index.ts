export {
  startCameraSimulator,
  SIMULATOR_SCRIPT,
  type CameraSimulator,
  type CameraSimulatorOptions,
  type SimulatedCamera,
} from './simulator.js';
export { rtspOptions } from './rtsp-probe.js';
export { waitFor } from './wait.js';
