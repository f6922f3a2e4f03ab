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
export { startFakeOnvif, DISCOVERY_GROUP, DISCOVERY_PORT, type FakeOnvifDevice, type FakeOnvifOptions, type OnvifCall, type PtzState } from './onvif-fake/index.js';
export { runInNetworkNamespace, NETNS_SETUP, type NetnsOptions, type NetnsResult } from './netns.js';
