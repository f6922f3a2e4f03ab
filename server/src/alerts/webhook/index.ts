import { webhookSettingsPatchSchema, webhookSettingsResponseSchema } from '@homecam/shared';
import { channelSettings, type AlertChannelPlugin } from '../channel-plugin.js';
import { WebhookSecret } from './secret.js';
import { WebhookSettingsService } from './settings.js';
import { createWebhookChannel } from './webhook-channel.js';

export { createWebhookChannel, type WebhookChannel, type WebhookChannelDeps } from './webhook-channel.js';

/**
 * The webhook (a signed JSON POST per event to the camera's `webhookUrl`, docs/webhook.md): `notifications.webhook`
 * in config.json and a per-install signing secret in `<data>/webhook-secret`. A test calls admins' URLs: admins only.
 */
export const webhookPlugin: AlertChannelPlugin = {
  id: 'webhook',
  adminOnlyTest: true,
  create: (ctx) => {
    const secret = new WebhookSecret(ctx.privateFile('webhook-secret'));
    const settings = new WebhookSettingsService(ctx.config, secret);
    return {
      channel: createWebhookChannel({ config: ctx.config, secret: () => secret.getOrCreate(), log: ctx.log, clock: ctx.clock }),
      settings: channelSettings({
        responseSchema: webhookSettingsResponseSchema,
        patchSchema: webhookSettingsPatchSchema,
        describe: {
          get: 'Webhook channel: active, insecure hosts, whether the signing secret exists; the secret itself for admins only.',
          patch: 'Partial update; insecureHosts (TLS not verified for them) is admin-only (403 ALERT_SETTING_ADMIN_ONLY).',
        },
        get: ({ byAdmin }) => settings.get(byAdmin),
        patch: (body, { byAdmin }) => settings.patch(body, byAdmin),
        actions: { 'rotate-secret': { describe: 'Replaces the signing secret; receivers must be given the new one.', run: () => settings.rotateSecret() } },
      }),
    };
  },
};
