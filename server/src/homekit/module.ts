import type { AppContext } from '../context/context.js';
import { redactText } from '../media/index.js';
import type { HomecamModule } from '../runtime/module.js';
import type { SystemService } from '../services/system.service.js';
import { homekitRoutes } from './routes.js';
import type { InterfaceTable } from './bind.js';
import { HomekitIntegration } from './homekit-integration.js';
import { HomekitService } from './homekit-service.js';
import { HomekitSettingsService } from './homekit-settings.service.js';
import { IdentityStore } from './identity.js';
import type { CreateStreamDelegate } from './stream-delegate.js';
import { createSrtpStreamDelegate } from './streaming/srtp-delegate.js';

/** Runtime options of the bridge config.json does not hold. */
export interface HomekitOptions {
  /** HomeKit live streaming per camera; default: SRTP from the shared upstream (server/src/homekit/streaming). */
  createStreamDelegate?: CreateStreamDelegate | undefined;
  /** Tests: the interface table `homekit.bind` is checked against (default: os.networkInterfaces()). */
  interfaces?: InterfaceTable | undefined;
  /** The server's `--host` (HOMECAM_HOST): the bridge follows it unless config.json sets `homekit.bind`. */
  host?: string | undefined;
}

export type HomekitModule = HomecamModule & { readonly bridge: HomekitService };

type Deps = Pick<AppContext, 'config' | 'cameras' | 'streams' | 'bus' | 'dataDir' | 'clock' | 'log' | 'integrations'>;

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Issue 10: the HomeKit bridge over the app's services. Privacy writes go through CameraService.update and the
 * exclude switch through SystemService.patchAtHome (the same paths as the web UI), snapshots and live video through
 * the stream service (privacy image while private). Listed last: stopped first, so no HomeKit request reaches a
 * part that is already stopping.
 */
export function homekitModule(ctx: Deps, system: Pick<SystemService, 'patchAtHome'>, options: HomekitOptions = {}, objectMotion?: (camera: string) => boolean): HomekitModule {
  const bridge = new HomekitService({
    settings: () => ctx.config.get().homekit,
    cameras: () => ctx.cameras.list(),
    camera: (name) => ctx.cameras.find(name),
    isExcluded: (name) => ctx.config.get().exclude.some((entry) => sameName(entry, name)),
    setPrivacy: async (name, on) => {
      await ctx.cameras.update(name, { privacyMode: on }, true, { via: 'HomeKit' });
    },
    setExcluded: async (name, on) => {
      const others = ctx.config.get().exclude.filter((entry) => !sameName(entry, name));
      await system.patchAtHome({ exclude: on ? [...others, name] : others });
    },
    snapshot: async (name, width) => (await ctx.streams.snapshot(name, width)).jpeg,
    createStreamDelegate: options.createStreamDelegate ?? srtpStreams(ctx),
    bus: ctx.bus,
    store: new IdentityStore(ctx.dataDir),
    interfaces: options.interfaces,
    host: options.host,
    // Issue 20: where the object detector decides, the motion sensor follows its objects.
    objectMotion,
    onError: (message) => integration.fail(message),
    log: ctx.log.child({ module: 'homekit' }),
  });
  const integration = new HomekitIntegration({ service: bridge, config: ctx.config, clock: ctx.clock });
  ctx.integrations.register(integration);
  let unsubscribe: (() => void) | null = null;
  return {
    name: 'homekit',
    bridge,
    start: async () => {
      // Cameras live in config.json too: one listener follows both the bridge settings and the cameras.
      unsubscribe = ctx.config.onChange(() => void bridge.apply().catch(() => undefined));
      await bridge.start();
    },
    stop: async () => {
      unsubscribe?.();
      await bridge.stop();
    },
    routes: async (app) => {
      await app.register(homekitRoutes, { homekit: new HomekitSettingsService(ctx.config, bridge) });
    },
  };
}

/** Live video to the Home app: SRTP from the camera's shared upstream, through the stream service's door. */
function srtpStreams(ctx: Deps): CreateStreamDelegate {
  return createSrtpStreamDelegate({ streams: ctx.streams, logger: ctx.log.child({ module: 'homekit-stream' }), redact: (text) => redactText(text) });
}
