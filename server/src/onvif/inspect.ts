import {
  MediaSettingError,
  formatOnvifAddress,
  parseCameraSource,
  type OnvifAddress,
  type OnvifInspectResult,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import { call, CLOCK_WARNING_SECONDS, connectOnvif, onvifError, type ConnectOptions } from './client.js';

/** What the `onvif` client makes of a profile (only the parts read here; everything else is left alone). */
interface Profile {
  $?: { token?: unknown };
  name?: unknown;
  videoEncoderConfiguration?: { resolution?: { width?: unknown; height?: unknown } };
}

interface Credentials {
  user: string;
  password: string;
}

const text = (value: unknown, max = 128): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : null);
/** A camera name from what the camera calls itself: without the characters a camera name may not hold. */
const cameraName = (value: string) => value.replace(/[/\\?#%\p{Cc}]/gu, ' ').trim().slice(0, 64) || 'Camera';
const dimension = (value: unknown): number | null => (Number.isInteger(value) && (value as number) > 0 && (value as number) <= 16384 ? (value as number) : null);
const pixels = (p: Profile) => (dimension(p.videoEncoderConfiguration?.resolution?.width) ?? 0) * (dimension(p.videoEncoderConfiguration?.resolution?.height) ?? 0);

/**
 * A URI the camera announced, with the credentials put in the way camera sources hold them
 * (`rtsp://user:password@host/…`, each part URL-encoded), or null when it is not a source HomeCam accepts
 * (the camera-source grammar: allow-listed scheme, no link-local or metadata host).
 */
export function withCredentials(uri: unknown, credentials: Credentials): string | null {
  if (typeof uri !== 'string' || uri.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (credentials.user) {
    url.username = encodeURIComponent(credentials.user);
    url.password = encodeURIComponent(credentials.password);
  }
  const source = url.toString();
  try {
    parseCameraSource(source);
  } catch (error) {
    if (error instanceof MediaSettingError) return null;
    throw error;
  }
  return source;
}

/** Main stream: the profile with the most pixels; sub stream: the one with the fewest, if it is another. */
function pickProfiles(profiles: Profile[]): { main: Profile; sub: Profile | null } {
  const sorted = profiles.filter((p) => text(p.$?.token) !== null).sort((a, b) => pixels(b) - pixels(a));
  const main = sorted[0];
  if (!main) throw new AppError('ONVIF_BAD_RESPONSE', 'the camera reported no media profile');
  const sub = sorted.length > 1 ? (sorted.at(-1) ?? null) : null;
  return { main, sub };
}

/**
 * Reads a camera's identity and profiles and turns them into the add-camera form: main and sub stream with the
 * credentials in, snapshot URL, resolution, whether it has PTZ, and how far its clock is off.
 */
export async function inspectCamera(address: OnvifAddress, credentials: Credentials, options: ConnectOptions = {}): Promise<OnvifInspectResult> {
  const { cam, clockOffsetSeconds } = await connectOnvif(address, credentials.user, credentials.password, options);
  try {
    const info = await call<Record<string, unknown>>((cb) => cam.getDeviceInformation(cb));
    const { main, sub } = pickProfiles(Array.isArray(cam.profiles) ? (cam.profiles) : []);
    const streamUri = async (profile: Profile) =>
      (await call<{ uri?: unknown }>((cb) => cam.getStreamUri({ protocol: 'RTSP', profileToken: text(profile.$?.token) ?? '' }, cb))).uri;
    const source = withCredentials(await streamUri(main), credentials);
    if (!source) throw new AppError('ONVIF_BAD_RESPONSE', 'the camera announced no stream address HomeCam can use');
    const subSource = sub ? withCredentials(await streamUri(sub), credentials) : null;
    const snapshot = await call<{ uri?: unknown }>((cb) => cam.getSnapshotUri({ profileToken: text(main.$?.token) ?? '' }, cb)).catch(() => null);
    const stillImageSource = snapshot ? withCredentials(snapshot.uri, credentials) : null;
    const model = text(info.model);
    const warnings: OnvifInspectResult['warnings'] = [];
    if (Math.abs(clockOffsetSeconds) >= CLOCK_WARNING_SECONDS) warnings.push('CLOCK_OFF');
    if (!subSource) warnings.push('NO_SUB_STREAM');
    if (!stillImageSource) warnings.push('NO_SNAPSHOT');
    return {
      name: cameraName(model ?? address.hostname),
      manufacturer: text(info.manufacturer),
      model,
      serialNumber: text(info.serialNumber),
      source,
      subSource,
      stillImageSource,
      width: dimension(main.videoEncoderConfiguration?.resolution?.width),
      height: dimension(main.videoEncoderConfiguration?.resolution?.height),
      onvif: { url: formatOnvifAddress(address, credentials.user ? credentials : undefined), ptz: Boolean(cam.uri?.ptz) },
      clockOffsetSeconds,
      warnings,
    };
  } catch (error) {
    throw onvifError(error, clockOffsetSeconds);
  }
}
