import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import type { EventGate } from '../services/notification.service.js';

/**
 * A notification for every camera event, and the sweep of old ones. `gate` is the image analysis (the analysis
 * module, started before this one and stopped after it): it labels a motion event's notification or drops it.
 */
export function notificationsModule(ctx: Pick<AppContext, 'notifications' | 'log'>, gate: EventGate | null): HomecamModule {
  return {
    name: 'notifications',
    start: () => ctx.notifications.start((error) => ctx.log.error({ err: error }, 'notification failed'), { gate }),
    stop: () => ctx.notifications.stop(),
  };
}
