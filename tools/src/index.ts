export {
  startCameraSimulator,
  SIMULATOR_SCRIPT,
  type CameraSimulator,
  type CameraSimulatorOptions,
  type FlashTiming,
  type SimulatedCamera,
} from './simulator.js';
export { prepareSimulatorClip, type SimulatorClipOptions } from './clip.js';
export { rtspOptions } from './rtsp-probe.js';
export { waitFor } from './wait.js';
export { freePort } from './free-port.js';
