import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';

/**
 * The camera events' timers (motion reset, doorbell): nothing to start, they run as events come. Stopped right
 * after the triggers, so no new event arrives once they are cancelled.
 */
export function cameraEventsModule(ctx: Pick<AppContext, 'cameraEvents'>): HomecamModule {
  return { name: 'camera-events', stop: () => ctx.cameraEvents.close() };
}
