import { parseOnvifAddress, type Camera, type PtzPreset } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { call, connectOnvif, onvifError, type ConnectOptions, type OnvifConnection } from './client.js';

/** A held pad keeps moving only while the page renews the move; without a renewal the camera is stopped. */
export const PTZ_SAFETY_STOP_MS = 3_000;

export interface PtzVelocity {
  pan: number;
  tilt: number;
  zoom: number;
}

export interface PtzOptions extends ConnectOptions {
  safetyStopMs?: number;
}

/** A preset token as the page may send it back (ptzPresetParamsSchema), or '' for one it could not. */
function plainToken(token: unknown): string {
  const text = typeof token === 'string' || typeof token === 'number' ? String(token) : '';
  return /^[\w.:-]{1,64}$/.test(text) ? text : '';
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Link {
  url: string;
  connection: Promise<OnvifConnection>;
}

/**
 * Pan, tilt, zoom and presets of the cameras that have an ONVIF address and reported PTZ. One connection per
 * camera (its clock offset read once), made again when the address changes or a request fails. A move runs
 * until `stop`, or until PTZ_SAFETY_STOP_MS pass without a renewal (a page closed mid-press, a lost network).
 */
export class PtzControl {
  private readonly links = new Map<string, Link>();
  private readonly safetyStops = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly camera: (name: string) => Camera | undefined,
    private readonly options: PtzOptions = {},
  ) {}

  private get safetyStopMs(): number {
    return this.options.safetyStopMs ?? PTZ_SAFETY_STOP_MS;
  }

  private connection(name: string): Promise<OnvifConnection> {
    const camera = this.camera(name);
    if (!camera) throw new AppError('CAMERA_NOT_FOUND', `camera "${name}" not found`);
    const url = camera.onvif?.url;
    if (!url || !camera.onvif?.ptz) throw new AppError('ONVIF_NOT_CONFIGURED', 'this camera has no ONVIF PTZ');
    const link = this.links.get(name);
    if (link?.url === url) return link.connection;
    const address = parseOnvifAddress(url);
    const connection = connectOnvif(address, address.user ?? '', address.password ?? '', this.options);
    this.links.set(name, { url, connection });
    connection.catch(() => this.forget(name, url));
    return connection;
  }

  private forget(name: string, url: string): void {
    if (this.links.get(name)?.url === url) this.links.delete(name);
  }

  /** Runs one PTZ request; a failed one drops the connection so the next request connects afresh. */
  private async run<T>(name: string, request: (connection: OnvifConnection) => Promise<T>): Promise<T> {
    const connection = await this.connection(name);
    try {
      return await request(connection);
    } catch (error) {
      const url = this.links.get(name)?.url;
      if (url) this.forget(name, url);
      throw onvifError(error, connection.clockOffsetSeconds);
    }
  }

  async move(name: string, velocity: PtzVelocity): Promise<void> {
    this.armSafetyStop(name);
    const timeout = this.safetyStopMs;
    await this.run(name, ({ cam }) => call((cb) => cam.continuousMove({ x: velocity.pan, y: velocity.tilt, zoom: velocity.zoom, timeout }, cb)));
  }

  private armSafetyStop(name: string): void {
    clearTimeout(this.safetyStops.get(name));
    const timer = setTimeout(() => {
      this.safetyStops.delete(name);
      this.stop(name).catch(() => undefined);
    }, this.safetyStopMs);
    timer.unref();
    this.safetyStops.set(name, timer);
  }

  async stop(name: string): Promise<void> {
    clearTimeout(this.safetyStops.get(name));
    this.safetyStops.delete(name);
    await this.run(name, ({ cam }) => call((cb) => cam.stop({ panTilt: true, zoom: true }, cb)));
  }

  async presets(name: string): Promise<PtzPreset[]> {
    const found = await this.run(name, ({ cam }) => call<Record<string, { $?: { token?: unknown } }>>((cb) => cam.getPresets({}, cb)));
    return Object.entries(found ?? {})
      .map(([presetName, preset]) => ({ token: plainToken(preset.$?.token), name: presetName.slice(0, 64) }))
      .filter((preset) => preset.token !== '')
      .slice(0, 256);
  }

  async gotoPreset(name: string, token: string): Promise<void> {
    await this.run(name, ({ cam }) => call((cb) => cam.gotoPreset({ preset: escapeXml(token) }, cb)));
  }

  async home(name: string): Promise<void> {
    await this.run(name, ({ cam }) => call((cb) => cam.gotoHomePosition({}, cb)));
  }

  /** Saves the camera's current position under `presetName`; answers the camera's token for it. */
  async savePreset(name: string, presetName: string): Promise<PtzPreset> {
    await this.run(name, ({ cam }) => call((cb) => cam.setPreset({ presetName: escapeXml(presetName) }, cb)));
    const saved = (await this.presets(name)).find((preset) => preset.name === presetName);
    if (!saved) throw new AppError('ONVIF_BAD_RESPONSE', 'the camera did not keep the preset');
    return saved;
  }

  async removePreset(name: string, token: string): Promise<void> {
    await this.run(name, ({ cam }) => call((cb) => cam.removePreset({ presetToken: escapeXml(token) }, cb)));
  }

  /** Stops the safety timers (the cameras themselves stop by the move's own Timeout). */
  close(): void {
    for (const timer of this.safetyStops.values()) clearTimeout(timer);
    this.safetyStops.clear();
    this.links.clear();
  }
}
