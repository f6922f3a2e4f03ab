import {
  hostReach,
  OnvifAddressError,
  parseCameraSource,
  parseOnvifAddress,
  urlSourceHost,
  type Camera,
  type OnvifDiscovery,
  type OnvifInspectResult,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { ConnectOptions } from './client.js';
import { DiscoveryRun } from './discovery.js';
import { inspectCamera } from './inspect.js';
import { PtzControl, type PtzOptions } from './ptz.js';

export interface OnvifServiceOptions extends PtzOptions, ConnectOptions {
  discoveryMs?: number;
  /** false (HOMECAM_ONVIF_DISCOVERY=off): no multicast probe is sent; the page asks for an address instead. */
  discovery?: boolean;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

function hostsOf(camera: Camera): string[] {
  const hosts: string[] = [];
  const url = camera.onvif?.url;
  if (url) {
    try {
      hosts.push(parseOnvifAddress(url).hostname);
    } catch {
      // a hand-edited address that does not parse names no host
    }
  }
  try {
    const host = urlSourceHost(parseCameraSource(camera.videoConfig.source));
    if (host) hosts.push(host);
  } catch {
    // the stream hub reports a refused source; here it only names no host
  }
  return hosts.map(bare);
}

/**
 * Issue 22: finding ONVIF cameras (one WS-Discovery search at a time, shared by whoever asks), reading a
 * camera's profiles into the add-camera form, and PTZ. Addresses on this machine (loopback) are for admins only,
 * as with camera sources.
 */
export class OnvifService {
  private run: DiscoveryRun | null = null;
  readonly ptz: PtzControl;

  constructor(
    private readonly cameraList: { list(): readonly Camera[]; find(name: string): Camera | undefined },
    private readonly options: OnvifServiceOptions = {},
  ) {
    this.ptz = new PtzControl((name) => cameraList.find(name), options);
  }

  /** Starts a search, or joins the one running. */
  startDiscovery(admin: boolean): OnvifDiscovery {
    if (this.options.discovery === false) return { state: 'done', elapsedMs: 0, durationMs: 0, failed: true, devices: [] };
    if (!this.run || this.run.state().state === 'done') this.run = new DiscoveryRun({ durationMs: this.options.discoveryMs });
    return this.discovery(admin);
  }

  discovery(admin: boolean): OnvifDiscovery {
    if (!this.run) return { state: 'idle', elapsedMs: 0, durationMs: 0, failed: false, devices: [] };
    const state = this.run.state();
    const cameras = this.cameraList.list();
    const devices = state.devices
      .filter((device) => admin || hostReach(device.hostname) !== 'loopback')
      .map((device) => ({ ...device, addedAs: cameras.find((camera) => hostsOf(camera).includes(bare(device.hostname)))?.name ?? null }));
    return { ...state, devices };
  }

  async inspect(request: { address: string; user: string; password: string }, admin: boolean): Promise<OnvifInspectResult> {
    let address;
    try {
      address = parseOnvifAddress(request.address);
    } catch (error) {
      if (!(error instanceof OnvifAddressError)) throw error;
      throw new AppError('VALIDATION_FAILED', `camera address: ${error.message}`, [{ path: 'address', message: 'ONVIF_ADDRESS_INVALID' }]);
    }
    if (!admin && hostReach(address.hostname) === 'loopback') {
      throw new AppError('CAMERA_SOURCE_ADMIN_ONLY', 'only an admin can point a camera at this server (a loopback address)', [
        { path: 'address', message: 'CAMERA_SOURCE_ADMIN_ONLY' },
      ]);
    }
    const user = request.user || address.user || '';
    const password = request.password || address.password || '';
    return inspectCamera({ ...address, user: null, password: null }, { user, password }, this.options);
  }

  close(): void {
    this.ptz.close();
  }
}
