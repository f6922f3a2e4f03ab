import type { AppContext } from '../context/context.js';
import { onvifEventRoutes } from './routes.js';
import type { HomecamModule } from '../runtime/module.js';
import type { OnvifEventsTiming } from './camera-subscription.js';
import { OnvifEventsIntegration } from './onvif-events-integration.js';
import { OnvifEventsService } from './onvif-events.service.js';

export type OnvifEventsModule = HomecamModule & { readonly onvifEvents: OnvifEventsService };

/**
 * Issue 22: the cameras' own ONVIF events as a trigger source. Follows the camera settings (every config change
 * re-applies them) and hands motion, doorbell and tamper to the one camera event path; tamper becomes a warning
 * notification. Every status change goes to the sockets that may see the camera's settings (`onvifEventStatus`);
 * the plugins page lists the subscriptions as one trigger.
 */
export function onvifEventsModule(ctx: Pick<AppContext, 'cameras' | 'cameraEvents' | 'notifications' | 'config' | 'log' | 'integrations' | 'clock'>, timing?: Partial<OnvifEventsTiming>): OnvifEventsModule {
  const log = ctx.log.child({ module: 'onvif-events' });
  const onvifEvents = new OnvifEventsService({
    cameras: () => ctx.cameras.list(),
    sinks: {
      motionStart: (camera, source) => ctx.cameraEvents.motionStart(camera, source),
      motionReset: (camera, source) => ctx.cameraEvents.motionReset(camera, source),
      doorbell: (camera, source) => ctx.cameraEvents.doorbell(camera, source),
      tamper: (camera) => ctx.notifications.system('WARN', camera, `${camera}: the camera reports tampering (ONVIF)`),
    },
    log,
    timing,
  });
  ctx.integrations.register(new OnvifEventsIntegration(onvifEvents, ctx.clock));
  let unsubscribe: (() => void) | null = null;
  return {
    name: 'onvif-events',
    onvifEvents,
    start: async () => {
      unsubscribe = ctx.config.onChange(() => {
        onvifEvents.apply().catch((error: unknown) => log.error({ err: error }, 'applying the ONVIF event settings failed'));
      });
      await onvifEvents.apply();
    },
    stop: async () => {
      unsubscribe?.();
      await onvifEvents.stop();
    },
    socket: (gateway) => onvifEvents.onStatus((status) => gateway.toCameraSettings('onvifEventStatus', status)),
    routes: async (app) => {
      await app.register(onvifEventRoutes, { onvifEvents, cameras: ctx.cameras });
    },
  };
}
