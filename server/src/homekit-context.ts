import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { HomekitIntegration } from './homekit/homekit-integration.js';
import { HomekitService } from './homekit/homekit-service.js';
import { IdentityStore } from './homekit/identity.js';
import type { CreateStreamDelegate } from './homekit/stream-delegate.js';
import { createSrtpStreamDelegate } from './homekit/streaming/srtp-delegate.js';
import { redactText } from './media/index.js';
import type { InterfaceTable } from './homekit/bind.js';
import type { IntegrationRegistry } from './integrations/index.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import type { SystemService } from './services/system.service.js';

/** Runtime options of the bridge config.json does not hold. */
export interface HomekitOptions {
  /** HomeKit live streaming per camera; default: SRTP from the shared upstream (server/src/homekit/streaming). */
  createStreamDelegate?: CreateStreamDelegate | undefined;
  /** Tests: the interface table `homekit.bind` is checked against (default: os.networkInterfaces()). */
  interfaces?: InterfaceTable | undefined;
  /** The server's `--host` (HOMECAM_HOST): the bridge follows it unless config.json sets `homekit.bind`. */
  host?: string | undefined;
}

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Issue 10: the HomeKit bridge over the app's services. Privacy writes go through CameraService.update and the
 * exclude switch through SystemService.patchAtHome (the same paths as the web UI), snapshots through the stream
 * service (privacy image while private). Registered on the plugins page as 'homekit'.
 */
export function createHomekit(
  ctx: AppContext,
  parts: { streams: () => CameraStreamService; system: () => SystemService; integrations: IntegrationRegistry },
  log: FastifyBaseLogger,
  options: HomekitOptions = {},
) {
  const integration: { current?: HomekitIntegration } = {};
  const service = new HomekitService({
    settings: () => ctx.config.get().homekit,
    cameras: () => ctx.cameras.list(),
    camera: (name) => ctx.cameras.find(name),
    isExcluded: (name) => ctx.config.get().exclude.some((entry) => sameName(entry, name)),
    setPrivacy: async (name, on) => {
      await ctx.cameras.update(name, { privacyMode: on }, true, { via: 'HomeKit' });
    },
    setExcluded: async (name, on) => {
      const others = ctx.config.get().exclude.filter((entry) => !sameName(entry, name));
      await parts.system().patchAtHome({ exclude: on ? [...others, name] : others });
    },
    snapshot: async (name, width) => (await parts.streams().snapshot(name, width)).jpeg,
    createStreamDelegate:
      options.createStreamDelegate ??
      createSrtpStreamDelegate({ hub: () => parts.streams().hub, ffmpegPath: () => parts.streams().ffmpeg.path ?? 'ffmpeg', logger: log.child({ module: 'homekit-stream' }), redact: (text) => redactText(text) }),
    bus: ctx.bus,
    store: new IdentityStore(ctx.dataDir),
    interfaces: options.interfaces,
    host: options.host,
    onError: (message) => integration.current?.fail(message),
    log: log.child({ module: 'homekit' }),
  });
  integration.current = new HomekitIntegration({ service, config: ctx.config, clock: ctx.clock });
  parts.integrations.register(integration.current);
  let unsubscribe: (() => void) | null = null;
  return {
    service,
    component: {
      name: 'homekit',
      start: async () => {
        // Cameras live in config.json too: one listener follows both the bridge settings and the cameras.
        unsubscribe = ctx.config.onChange(() => void service.apply().catch(() => undefined));
        await service.start();
      },
      stop: async () => {
        unsubscribe?.();
        await service.stop();
      },
    },
  };
}
