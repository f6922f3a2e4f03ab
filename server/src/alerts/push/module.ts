import type { AppContext } from '../../context/context.js';
import { pushRoutes } from '../../http/push/push.routes.js';
import type { HomecamModule } from '../../runtime/module.js';
import { PushNotifier } from './push-notifier.js';
import { createPushSender, type PushSenderOptions } from './push-sender.js';
import { WebPushIntegration } from './web-push-integration.js';

/** The VAPID contact push services see; a placeholder unless HOMECAM_PUSH_SUBJECT names a real one. */
export const DEFAULT_PUSH_SUBJECT = 'mailto:homecam@example.com';

export interface PushModuleOptions {
  /** VAPID subject (default DEFAULT_PUSH_SUBJECT; main.ts passes HOMECAM_PUSH_SUBJECT), per-request time-out, pushes at once. */
  push?: (Partial<PushSenderOptions> & { concurrency?: number }) | undefined;
  /** Tests only: push to loopback/private hosts (the local push service). */
  allowHttpPushEndpoints?: boolean | undefined;
}

export type PushModule = HomecamModule & { readonly notifier: PushNotifier };

/**
 * Web push: the browsers' subscriptions (ended sessions take theirs along) and the notifier the alert pipeline's
 * `push` channel sends through. Started before the recorder and stopped after it: a clip finalised at shutdown
 * may still notify, and pushes in flight are cancelled only then.
 */
export function pushModule(ctx: Pick<AppContext, 'push' | 'bus' | 'config' | 'clock' | 'log' | 'integrations'>, options: PushModuleOptions = {}): PushModule {
  const log = ctx.log.child({ module: 'push' });
  const integration = new WebPushIntegration({ push: ctx.push, config: ctx.config, clock: ctx.clock });
  ctx.integrations.register(integration);
  const notifier = new PushNotifier({
    push: ctx.push,
    send: createPushSender({
      subject: options.push?.subject ?? DEFAULT_PUSH_SUBJECT,
      timeoutMs: options.push?.timeoutMs ?? 10_000,
      allowInternalHosts: options.allowHttpPushEndpoints,
    }),
    bus: ctx.bus,
    log,
    concurrency: options.push?.concurrency,
    onFailure: (message) => integration.fail(message),
  });
  return {
    name: 'push',
    notifier,
    start: () => ctx.push.start((error) => ctx.log.error({ err: error }, 'push subscription cleanup failed')),
    stop: async () => {
      ctx.push.stop();
      await notifier.close();
    },
    routes: async (app) => {
      await app.register(pushRoutes, { push: ctx.push });
    },
  };
}
