import { parseAlertUrl, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, type ConfigFile, type WebhookPayload } from '@homecam/shared';
import type { Clock } from '../../lib/clock.js';
import type { Alert, AlertChannel } from '../channel.js';
import { originOf, postAlert, type AlertFetch } from '../outgoing/post-alert.js';
import type { AlertLog } from '../log.js';
import { testPayload, webhookPayload } from './payload.js';
import { signWebhook } from './signature.js';

export interface WebhookChannelDeps {
  config: { get(): ConfigFile };
  /** The per-install signing secret (created on first use). */
  secret: () => Promise<string>;
  log: AlertLog;
  clock: Clock;
  fetchImpl?: AlertFetch | undefined;
  /** Per-attempt limit (default ALERT_POST_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
}

export interface WebhookChannel extends AlertChannel {
  /** `url`: an admin's URL to test instead of the cameras' URLs. */
  test(signal: AbortSignal, options?: { url?: string | undefined }): Promise<{ detail: string }>;
}

/** Camera events to the camera's `webhookUrl`, signed (docs/webhook.md). */
export function createWebhookChannel(deps: WebhookChannelDeps): WebhookChannel {
  const settings = () => deps.config.get().notifications.webhook;
  const insecureHosts = () => settings()?.insecureHosts ?? [];

  async function send(url: URL, payload: WebhookPayload, signal: AbortSignal): Promise<number> {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(deps.clock.now() / 1000));
    const signature = signWebhook(await deps.secret(), timestamp, body);
    return postAlert({
      url,
      body,
      headers: { [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signature },
      insecureHosts: insecureHosts(),
      signal,
      clock: deps.clock,
      fetchImpl: deps.fetchImpl,
      timeoutMs: deps.timeoutMs,
    });
  }

  function cameraUrl(alert: Alert): URL | null {
    if (alert.notification.level !== 'event' || !alert.camera) return null;
    return parseAlertUrl(alert.camera.webhookUrl ?? '');
  }

  return {
    id: 'webhook',
    enabled: () => settings()?.active === true,
    accepts: (alert) => cameraUrl(alert) !== null && (alert.camera?.alertChannels?.includes('webhook') ?? true),
    async deliver(alert, signal) {
      const url = cameraUrl(alert);
      if (!url) throw new Error('the camera has no valid webhook URL');
      const status = await send(url, webhookPayload(alert.notification), signal);
      deps.log.info({ channel: 'webhook', origin: originOf(url), status }, 'webhook delivered');
    },
    async test(signal, options) {
      const urls = testUrls(deps.config.get(), options?.url);
      const at = new Date(deps.clock.now()).toISOString();
      const results = await Promise.allSettled(urls.map((url) => send(url, testPayload(at), signal)));
      const lines = results.map((result, i) =>
        result.status === 'fulfilled' ? `HTTP ${result.value} from ${originOf(urls[i]!)}` : (result.reason as Error).message,
      );
      if (results.some((result) => result.status === 'rejected')) throw new Error(lines.join('; '));
      return { detail: lines.join('; ') };
    },
  };
}

/** The given URL, or every distinct valid camera URL (one test each). */
function testUrls(config: ConfigFile, given: string | undefined): URL[] {
  if (given !== undefined) {
    const url = parseAlertUrl(given);
    if (!url) throw new Error('the test URL is not an http(s) URL');
    return [url];
  }
  const seen = new Map<string, URL>();
  for (const camera of config.cameras ?? []) {
    // config.json's cameras as written (defaults are applied when read): the field may be absent or not a string.
    const url = typeof camera.webhookUrl === 'string' ? parseAlertUrl(camera.webhookUrl) : null;
    if (url) seen.set(url.href, url);
  }
  if (seen.size === 0) throw new Error('no camera has a webhook URL');
  return [...seen.values()];
}
