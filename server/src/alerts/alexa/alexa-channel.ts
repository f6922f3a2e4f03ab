import { parseAlertUrl, type ConfigFile } from '@homecam/shared';
import type { Clock } from '../../lib/clock.js';
import type { Alert, AlertChannel } from '../channel.js';
import { originOf, postAlert, type AlertFetch } from '../outgoing/post-alert.js';
import type { AlertLog } from '../log.js';
import { insideWindow } from './time-window.js';

export interface AlexaChannelDeps {
  config: { get(): ConfigFile };
  log: AlertLog;
  clock: Clock;
  fetchImpl?: AlertFetch | undefined;
  timeoutMs?: number | undefined;
}

/** The announcement when no template is set (`@` = camera name). */
const DEFAULT_MESSAGES: Record<string, string> = { motion: 'Motion at @', doorbell: 'Someone is at the door: @' };

type AlexaBlock = NonNullable<ConfigFile['notifications']['alexa']>;

/** `@` → the camera name, in the configured template or the event's default. */
export function announcementText(template: string | undefined, type: string, camera: string): string {
  const text = template?.trim() ? template : (DEFAULT_MESSAGES[type] ?? DEFAULT_MESSAGES.motion!);
  return text.replaceAll('@', camera);
}

/** The Home Assistant service path and its JSON body (notify: announce on an Echo via Alexa Media Player; tts: speak). */
function homeAssistantCall(block: AlexaBlock, base: URL, message: string): { url: URL; body: object } | null {
  const match = /^([a-z_][a-z0-9_]*)[./]([a-z0-9_]+)$/.exec(block.service ?? '');
  if (!match) return null;
  const [, domain, service] = match;
  const url = new URL(`api/services/${domain}/${service}`, base.href.endsWith('/') ? base : new URL(`${base.href}/`));
  const target = block.target?.trim();
  if (domain === 'notify') return { url, body: { message, data: { type: 'announce' }, ...(target ? { target: [target] } : {}) } };
  return { url, body: { message, ...(target ? { entity_id: target } : {}) } };
}

/**
 * Alexa announcements through a documented, testable path (README): a Home Assistant service call (Alexa Media
 * Player's notify.alexa_media_<echo>, or a tts service) with a long-lived token, or a generic "announce" webhook.
 */
export function createAlexaChannel(deps: AlexaChannelDeps): AlertChannel {
  const block = (): AlexaBlock | undefined => deps.config.get().notifications.alexa;

  function ready(settings: AlexaBlock | undefined): settings is AlexaBlock {
    if (!settings?.active || !parseAlertUrl(settings.url ?? '')) return false;
    return settings.mode === 'webhook' || (!!settings.token && !!homeAssistantCall(settings, new URL('http://x'), ''));
  }

  async function announce(message: string, signal: AbortSignal): Promise<string> {
    const settings = block();
    const base = settings && parseAlertUrl(settings.url ?? '');
    if (!settings || !base) throw new Error('Alexa: no URL configured');
    const call = settings.mode === 'webhook' ? { url: base, body: { message } } : homeAssistantCall(settings, base, message);
    if (!call) throw new Error('Alexa: no Home Assistant service configured');
    const status = await postAlert({
      url: call.url,
      body: JSON.stringify(call.body),
      headers: settings.token ? { Authorization: `Bearer ${settings.token}` } : {},
      insecureHosts: deps.config.get().notifications.webhook?.insecureHosts ?? [],
      signal,
      clock: deps.clock,
      fetchImpl: deps.fetchImpl,
      timeoutMs: deps.timeoutMs,
    });
    return `HTTP ${status} from ${originOf(call.url)}`;
  }

  return {
    id: 'alexa',
    enabled: () => ready(block()),
    offReason: () => (block()?.active ? 'NOT_SET_UP' : 'SWITCHED_OFF'),
    accepts(alert: Alert) {
      const settings = block();
      if (!settings || alert.notification.level !== 'event' || alert.camera?.alexa !== true) return false;
      if (alert.camera.alertChannels && !alert.camera.alertChannels.includes('alexa')) return false;
      return insideWindow(deps.clock.now(), settings.startTime, settings.endTime);
    },
    async deliver(alert, signal) {
      const text = announcementText(block()?.message, alert.notification.type, alert.camera?.name ?? '');
      const detail = await announce(text, signal);
      deps.log.info({ channel: 'alexa', detail }, 'alexa announced');
    },
    async test(signal) {
      return { detail: await announce('HomeCam test', signal) };
    },
  };
}
