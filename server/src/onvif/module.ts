import type { AppContext } from '../context/context.js';
import { onvifRoutes } from './routes.js';
import { ptzRoutes } from './ptz-routes.js';
import type { HomecamModule } from '../runtime/module.js';
import { OnvifService, type OnvifServiceOptions } from './onvif.service.js';

export type OnvifModule = HomecamModule & { readonly onvif: OnvifService };

/** Issue 22: finding ONVIF cameras, reading their profiles into the camera form, and PTZ on the camera page. */
export function onvifModule(ctx: Pick<AppContext, 'cameras'>, options: OnvifServiceOptions = {}): OnvifModule {
  const onvif = new OnvifService(ctx.cameras, options);
  return {
    name: 'onvif',
    onvif,
    stop: () => onvif.close(),
    routes: async (app) => {
      await app.register(onvifRoutes, { onvif });
      await app.register(ptzRoutes, { ptz: onvif.ptz });
    },
  };
}
