import { z } from 'zod';
import { PROBLEM_CODES } from './integration-codes.js';

/**
 * Issue 22, camera events: whether a camera's own ONVIF events (motion, doorbell, tamper) are a trigger source,
 * and the state of its pull-point subscription. Where the camera is reached is `camera.onvif.url` (onvif.ts: the
 * device service address with the credentials inside, masked like a source's for non-admins).
 */
export const cameraOnvifEventFields = {
  /** Use the camera's own ONVIF events (a pull-point subscription at `onvif.url`) as motion / doorbell / tamper triggers. */
  onvifEvents: z.boolean().default(false),
};

/**
 * One camera's ONVIF event subscription: `off` (switched off, disabled, or no ONVIF address), `connecting` (first
 * attempt), `connected` (a pull point is open and being polled), `retrying` (the last attempt failed: `problem`).
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
