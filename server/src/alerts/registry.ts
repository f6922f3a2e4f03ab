import type { AlertChannelPlugin } from './channel-plugin.js';
import { alexaPlugin } from './alexa/index.js';
import { mqttPlugin } from './mqtt/index.js';
import { telegramPlugin } from './telegram/index.js';
import { webhookPlugin } from './webhook/index.js';

/**
 * The alert channels HomeCam ships, in the order the settings page and the plugins page list them (web push,
 * the pipeline's own `push` channel, comes first). A new channel is its folder `alerts/<id>/` and one line here.
 */
export const ALERT_CHANNEL_PLUGINS: readonly AlertChannelPlugin[] = [telegramPlugin, webhookPlugin, alexaPlugin, mqttPlugin];

/** Each channel's operator options from the environment (main.ts); a bad value throws OptionsError. */
export function alertChannelOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, plugins = ALERT_CHANNEL_PLUGINS): Record<string, Record<string, unknown>> {
  return Object.fromEntries(plugins.flatMap((plugin) => (plugin.env ? [[plugin.id, plugin.env.read(env)]] : [])));
}

/** The channels' environment variables for `--help`. */
export function alertChannelEnvHelp(plugins = ALERT_CHANNEL_PLUGINS): string {
  const lines = plugins.flatMap((plugin) => (plugin.env ? [plugin.env.help] : []));
  return lines.length > 0 ? `Alert channels: ${lines.join(',\n  ')}` : '';
}
