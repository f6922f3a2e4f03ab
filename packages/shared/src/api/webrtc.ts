import { z } from 'zod';

/**
 * Issue 10: WebRTC live view. config.json `webrtc` (absent = on with these defaults). Media leaves the server as
 * H.264 RTP packets cut from the same upstream fMP4 the MSE viewers get (no second RTSP session, no transcode);
 * signalling runs over the live WebSocket (see realtime/live-messages.ts, `?transport=webrtc`).
 */
export const webrtcSettingsSchema = z.looseObject({
  active: z.boolean().default(true),
  /**
   * The local IPv4/IPv6 address ICE binds to and offers as host candidate; absent = every interface. Needed where
   * the machine has only loopback (tests) or several networks (pick the LAN one).
   */
  bindAddress: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** UDP ports ICE may use (open these in a firewall); absent = any free port. */
  portRange: z
    .strictObject({ min: z.number().int().min(1024).max(65535), max: z.number().int().min(1024).max(65535) })
    .refine((r) => r.min <= r.max, { message: 'min must not be above max' })
    .optional(),
});
export type WebrtcSettings = z.infer<typeof webrtcSettingsSchema>;
export const WEBRTC_DEFAULTS: WebrtcSettings = { active: true };

/** Why the server declined WebRTC for a viewer; the player then plays MSE on the same socket and says why. */
export const WEBRTC_UNAVAILABLE_REASONS = [
  /** config.json `webrtc.active` is false. */
  'DISABLED',
  /** The stream is not H.264 the browser can take as it is (H.265, MJPEG, transcoded streams go over MSE). */
  'CODEC',
  /** H.264 with B-frames: WebRTC decoders stall on reordered frames, so MSE plays it. */
  'B_FRAMES',
  /** The offer could not be answered (no H.264 in it, ICE could not start). */
  'NEGOTIATION',
] as const;
export type WebrtcUnavailableReason = (typeof WEBRTC_UNAVAILABLE_REASONS)[number];

/** What the player shows and reports as playing (`data-transport` on the player element). */
export const LIVE_TRANSPORTS = ['webrtc', 'mse'] as const;
export type LiveTransport = (typeof LIVE_TRANSPORTS)[number];
