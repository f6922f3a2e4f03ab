import type { AlertChannelId, AlertChannelOffReason, Camera, Notification } from '@homecam/shared';

/**
 * The alert pipeline's contract (issue 9). The pipeline (alert-pipeline.ts) listens for NotificationCreated, builds
 * one Alert per notification and hands it to every channel that `accepts` it, each through its own bounded queue with
 * a time-out and retries with backoff; a failing channel never delays the others, the recording or the socket.
 */
export interface Alert {
  notification: Notification;
  /** The camera as configured (null for system notifications). */
  camera: Camera | null;
  /** The event's JPEG (the motion frame or a fresh snapshot), fetched once and shared by the channels; null if none. */
  snapshot(): Promise<Buffer | null>;
  /**
   * The event's clip once it is finished (the recorder finalises it; a channel that wants video waits for this);
   * null when the event has no video recording.
   */
  clip(): Promise<{ path: string; bytes: number; mimeType: 'video/mp4' } | null>;
}

/** A failure worth retrying (network, time-out, 429/5xx); anything else thrown is final. */
export class TransientAlertError extends Error {
  constructor(
    message: string,
    /** The service asked to wait this long (a rate limit's Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TransientAlertError';
  }
}

/** Who asked for a test (push tests only the caller's devices) and, for the webhook, an admin's URL to try. */
export interface AlertTestRequest {
  userId?: number;
  url?: string;
}

export interface AlertChannel {
  readonly id: AlertChannelId;
  /**
   * Gets alerts: switched on in the settings (config.json) and with what it needs to deliver (token, URL, broker).
   * A channel that is not enabled gets no alerts and shows as off, on every page.
   */
  enabled(): boolean;
  /** Why it is off while not enabled; without it, `SWITCHED_OFF`. */
  offReason?(): AlertChannelOffReason;
  /** Whether this alert goes to this channel (its settings, the camera's fields, the time window …). */
  accepts(alert: Alert): boolean;
  /**
   * Sends one alert. Throws TransientAlertError to be retried; other errors are final. Messages hold no secret.
   * Resolves 'nobody' when there was no one to send it to (web push without a subscribed device): not counted as
   * sent, not a failure.
   */
  deliver(alert: Alert, signal: AbortSignal): Promise<void | 'nobody'>;
  /**
   * "Send a test" from the settings page: a short text message through the real path; resolves with what to show.
   * `requester` is who pressed the button (web push sends only to that user's devices).
   */
  test(signal: AbortSignal, requester?: AlertTestRequest): Promise<{ detail: string }>;
}
