import { z } from 'zod';
import { hostReach } from '../ip-literal.js';
import { PROBLEM_CODES } from './integration-codes.js';

/**
 * Issue 22: how HomeCam reaches a camera's ONVIF services, and whether the camera's own events (motion, doorbell,
 * tamper) are a trigger source. `onvif` is the device service address with its user and password: the password is a
 * secret like a source's (masked for everyone but admins; sent back masked it keeps the stored one).
 */

export const ONVIF_URL_MAX_LENGTH = 2048;

/** The host of a URL as `hostReach` reads it (IPv6 without its brackets). */
export function onvifUrlHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * An absolute http(s) URL with a host, no user info (the user and password have their own fields), and not a
 * link-local or cloud metadata address (refused for everyone, as for camera sources).
 */
export function isOnvifUrl(text: string): boolean {
  if (text.length > ONVIF_URL_MAX_LENGTH) return false;
  let url: URL;
  try {
    // The WHATWG parser refuses ports above 65535; an empty port is the scheme's default.
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.hostname === '' || url.username !== '' || url.password !== '' || url.port === '0') return false;
  return hostReach(onvifUrlHost(url)) !== 'metadata';
}

export const cameraOnvifSchema = z.looseObject({
  /** Device service address, e.g. `http://192.168.1.20/onvif/device_service` (a bare `http://host:port` gets that path). */
  /** Optional so the form can empty the group field by field; without it nothing is subscribed. */
  url: z.string().trim().max(ONVIF_URL_MAX_LENGTH, 'ONVIF_URL_INVALID').refine(isOnvifUrl, 'ONVIF_URL_INVALID').optional(),
  username: z.string().max(128).optional(),
  password: z.string().max(256).optional(),
});
export type CameraOnvif = z.infer<typeof cameraOnvifSchema>;

export const cameraOnvifFields = {
  onvif: cameraOnvifSchema.optional(),
  /** Use the camera's own ONVIF events (pull-point subscription) as motion / doorbell / tamper triggers. */
  onvifEvents: z.boolean().default(false),
};

/**
 * One camera's ONVIF event subscription: `off` (switched off, or no ONVIF address), `connecting` (first attempt),
 * `connected` (a pull point is open and being polled), `retrying` (the last attempt failed: `problem` says why).
 */
export const ONVIF_EVENT_STATES = ['off', 'connecting', 'connected', 'retrying'] as const;
export type OnvifEventState = (typeof ONVIF_EVENT_STATES)[number];

export const onvifEventStatusSchema = z.object({
  camera: z.string(),
  state: z.enum(ONVIF_EVENT_STATES),
  /** The last failure while retrying; `message` is English technical detail without credentials. */
  problem: z.object({ code: z.enum(PROBLEM_CODES), message: z.string(), at: z.string() }).nullable(),
  /** When the current subscription was made, and when the last event came. */
  subscribedAt: z.string().nullable(),
  lastEventAt: z.string().nullable(),
});
export type OnvifEventStatus = z.infer<typeof onvifEventStatusSchema>;
