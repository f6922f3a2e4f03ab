import { telegramSettingsPatchSchema, telegramSettingsResponseSchema } from '@homecam/shared';
import { parseBaseUrl } from '../../cli/options.js';
import { channelSettings, type AlertChannelPlugin } from '../channel-plugin.js';
import { TelegramSettingsService } from './settings.js';
import { createTelegramChannel } from './telegram-channel.js';

export { createTelegramChannel, TEST_MESSAGE, type TelegramChannelOptions, type TelegramLogger } from './telegram-channel.js';
export { DEFAULT_TELEGRAM_API_ROOT, TelegramRefusedError } from './telegram-api.js';

/**
 * Telegram (a bot posts to chats): `notifications.telegram` in config.json. The Bot API root is the operator's
 * HOMECAM_TELEGRAM_API_ROOT (a self-hosted telegram-bot-api, the tests' fake), never a user's input.
 */
export const telegramPlugin: AlertChannelPlugin = {
  id: 'telegram',
  env: {
    help: 'HOMECAM_TELEGRAM_API_ROOT (a Bot API server other than https://api.telegram.org)',
    read: (env) => ({ apiRoot: parseBaseUrl(env.HOMECAM_TELEGRAM_API_ROOT, 'HOMECAM_TELEGRAM_API_ROOT') }),
  },
  create: (ctx) => {
    const apiRoot = typeof ctx.options.apiRoot === 'string' ? ctx.options.apiRoot : undefined;
    const settings = new TelegramSettingsService(ctx.config);
    return {
      channel: createTelegramChannel({ config: () => ctx.config.get(), apiRoot, publicUrl: () => ctx.publicUrl, log: ctx.log, clock: ctx.clock }),
      settings: channelSettings({
        responseSchema: telegramSettingsResponseSchema,
        patchSchema: telegramSettingsPatchSchema,
        describe: {
          get: 'config.json notifications.telegram: on/off, whether a bot token is set (never the token), chat ids, message template.',
          patch:
            'Partial update: absent keeps, a string sets, null clears. token: <bot id>:<secret> as BotFather issues it (write-only); ' +
            'chatID: up to 10 numeric ids or @channelnames, comma-separated; message: the template, `@` = camera name.',
        },
        get: () => settings.get(),
        patch: (body) => settings.patch(body),
      }),
    };
  },
};
