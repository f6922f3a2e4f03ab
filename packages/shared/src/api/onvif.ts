import { z } from 'zod';
import { hostReach } from '../ip-literal.js';

/**
 * Issue 22, ONVIF: a camera's device service address (typed by the user or announced by WS-Discovery), what
 * "Find cameras" lists, what reading a camera's profiles fills into the add-camera form, and the PTZ requests.
 */

export const ONVIF_DEFAULT_PATH = '/onvif/device_service';
const ADDRESS_MAX_LENGTH = 2048;

export class OnvifAddressError extends Error {}

/** A device service address, parsed: only http or https, a host, a port from 1 to 65535, a path. */
export interface OnvifAddress {
  protocol: 'http' | 'https';
  hostname: string;
  port: number;
  path: string;
  user: string | null;
  password: string | null;
}

/**
 * Parses `192.168.1.20`, `cam.lan:8080` or `http://[user:pass@]host[:port][/path]`. Cameras are on the LAN by
 * design, so private addresses pass; link-local and cloud metadata hosts never do (the camera-source rule);
 * whether this machine itself (loopback) may be reached is the server's decision (admins only).
 */
export function parseOnvifAddress(text: string): OnvifAddress {
  const trimmed = text.trim();
  // eslint-disable-next-line no-control-regex -- control characters and white space are what this refuses
  if (!trimmed || trimmed.length > ADDRESS_MAX_LENGTH || /[\s\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new OnvifAddressError('the address must be a host name, an IP address or an http(s) URL');
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new OnvifAddressError('the address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OnvifAddressError('only http and https addresses are allowed');
  if (!url.hostname) throw new OnvifAddressError('the address has no host');
  if (url.search || url.hash) throw new OnvifAddressError('the address may not have a query or a fragment');
  if (hostReach(url.hostname) === 'metadata') throw new OnvifAddressError('the host is link-local or a cloud metadata address, never a camera');
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new OnvifAddressError('the port must be from 1 to 65535');
  const decode = (value: string) => {
    if (!value) return null;
    try {
      return decodeURIComponent(value);
    } catch {
      throw new OnvifAddressError('the user name or password in the address is not validly escaped');
    }
  };
  return {
    protocol,
    hostname: url.hostname,
    port,
    path: url.pathname === '/' ? ONVIF_DEFAULT_PATH : url.pathname,
    user: decode(url.username),
    password: decode(url.password),
  };
}

/** The address as a URL, with the credentials when given (how a camera's `onvif.url` is stored). */
export function formatOnvifAddress(address: OnvifAddress, credentials?: { user: string; password: string }): string {
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : '';
  return `${address.protocol}://${auth}${address.hostname}:${address.port}${address.path}`;
}

/** `camera.onvif`: where HomeCam reaches the camera's ONVIF services; credentials in the URL, masked for non-admins. */
export const cameraOnvifSchema = z.looseObject({
  url: z.string().trim().min(1).max(ADDRESS_MAX_LENGTH).optional(),
  /** The camera reported a PTZ service when its profiles were read: the camera page shows the pad. */
  ptz: z.boolean().default(false),
});
export type CameraOnvif = z.infer<typeof cameraOnvifSchema>;

/** The ONVIF address of a camera write, as a validation issue when it is not one (checked by cameraWriteSchema). */
export function cameraOnvifIssues(camera: { onvif?: { url?: unknown } | undefined }): { path: string; message: 'ONVIF_ADDRESS_INVALID' }[] {
  const url = camera.onvif?.url;
  if (typeof url !== 'string') return [];
  try {
    parseOnvifAddress(url);
    return [];
  } catch {
    return [{ path: 'onvif.url', message: 'ONVIF_ADDRESS_INVALID' }];
  }
}

export const ONVIF_DISCOVERY_STATES = ['idle', 'running', 'done'] as const;

export const onvifDiscoveredSchema = z.object({
  /** The device service address without credentials (from the answer's XAddrs). */
  address: z.string(),
  hostname: z.string(),
  port: z.number().int(),
  name: z.string().nullable(),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  /** The camera already configured at this host, or null. */
  addedAs: z.string().nullable(),
});
export type OnvifDiscovered = z.infer<typeof onvifDiscoveredSchema>;

export const onvifDiscoverySchema = z.object({
  state: z.enum(ONVIF_DISCOVERY_STATES),
  /** Milliseconds since the probe started, and how long it listens: the progress bar. */
  elapsedMs: z.number().int(),
  durationMs: z.number().int(),
  /** The probe could not be sent (no network interface with multicast): nothing could answer. */
  failed: z.boolean(),
  devices: z.array(onvifDiscoveredSchema),
});
export type OnvifDiscovery = z.infer<typeof onvifDiscoverySchema>;

const credential = z.string().max(256);

export const onvifInspectRequestSchema = z.object({
  address: z.string().trim().min(1, 'FIELD_REQUIRED').max(ADDRESS_MAX_LENGTH),
  user: credential,
  password: credential,
});

export const ONVIF_WARNINGS = ['CLOCK_OFF', 'NO_SUB_STREAM', 'NO_SNAPSHOT'] as const;

/** What the camera's profiles fill into the add-camera form. */
export const onvifInspectResultSchema = z.object({
  name: z.string(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  source: z.string(),
  subSource: z.string().nullable(),
  stillImageSource: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  onvif: cameraOnvifSchema,
  /** The camera's clock minus ours, in seconds (HomeCam signs its requests in the camera's time). */
  clockOffsetSeconds: z.number().int(),
  warnings: z.array(z.enum(ONVIF_WARNINGS)),
});
export type OnvifInspectResult = z.infer<typeof onvifInspectResultSchema>;

const axis = z.number().min(-1).max(1);

/** A press on the pad: velocities from -1 to 1 (pan right, tilt up, zoom in are positive). */
export const ptzMoveSchema = z.object({ pan: axis.default(0), tilt: axis.default(0), zoom: axis.default(0) });
export const ptzPresetSchema = z.object({ token: z.string(), name: z.string() });
export const ptzStateSchema = z.object({ presets: z.array(ptzPresetSchema) });
export const ptzPresetRequestSchema = z.object({ name: z.string().trim().min(1, 'FIELD_REQUIRED').max(64) });
/** Preset tokens are the camera's; only plain ones are sent back (the client library does not escape XML). */
export const ptzPresetParamsSchema = z.object({ name: z.string().min(1), token: z.string().regex(/^[\w.:-]{1,64}$/, 'FIELD_REQUIRED') });
export type PtzPreset = z.infer<typeof ptzPresetSchema>;
