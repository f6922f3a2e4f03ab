import { alexaSettingsPatchSchema, alexaSettingsResponseSchema } from '@homecam/shared';
import { channelSettings, type AlertChannelPlugin } from '../channel-plugin.js';
import { createAlexaChannel } from './alexa-channel.js';
import { AlexaSettingsService } from './settings.js';

export { createAlexaChannel, type AlexaChannelDeps } from './alexa-channel.js';

/** Alexa announcements through Home Assistant or an announce webhook, in a daily time window: `notifications.alexa`. */
export const alexaPlugin: AlertChannelPlugin = {
  id: 'alexa',
  create: (ctx) => {
    const settings = new AlexaSettingsService(ctx.config);
    return {
      channel: createAlexaChannel({ config: ctx.config, log: ctx.log, clock: ctx.clock }),
      settings: channelSettings({
        responseSchema: alexaSettingsResponseSchema,
        patchSchema: alexaSettingsPatchSchema,
        describe: {
          get: 'Alexa channel (announcement via Home Assistant or a webhook); the token is write-only (tokenSet).',
          patch: 'Partial update: absent keeps, null clears url/token; mode, url and token are admin-only (403 ALERT_SETTING_ADMIN_ONLY).',
        },
        get: () => settings.get(),
        patch: (body, { byAdmin }) => settings.patch(body, byAdmin),
      }),
    };
  },
};
