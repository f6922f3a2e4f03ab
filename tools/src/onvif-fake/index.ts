export { startFakeOnvif } from './device.js';
export { DISCOVERY_GROUP, DISCOVERY_PORT } from './discovery.js';
export type { FakeOnvifDevice, FakeOnvifOptions, OnvifCall, PtzState } from './types.js';
