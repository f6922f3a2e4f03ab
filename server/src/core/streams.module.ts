import type { AppContext } from '../context/context.js';
import { cameraMediaRoutes } from '../http/cameras/camera-media.routes.js';
import type { LiveDeps } from '../http/cameras/live-session.js';
import { liveRoutes } from '../http/cameras/live.routes.js';
import { talkRoutes } from '../http/cameras/talk.routes.js';
import { TalkService } from '../talkback/talk-service.js';
import { registerAll, type HomecamModule } from '../runtime/module.js';

/** Live WebSocket tuning (auth time-out, socket high-water mark). */
export type LiveOptions = Pick<LiveDeps, 'authTimeoutMs' | 'highWaterBytes'>;

/**
 * The cameras' streams: starts the stream service the context built (the hub takes the enabled cameras and
 * follows config.json from then on) and serves what a viewer watches: status, snapshot and the live WebSocket
 * (fMP4 over the socket, or WebRTC negotiated on it), and press to talk through a camera's backchannel (issue 22). Stopped late: every other module's consumers are gone by then.
 */
export function streamsModule(ctx: Pick<AppContext, 'streams' | 'auth' | 'cameras' | 'bus' | 'clock' | 'config' | 'log'>, live: LiveOptions = {}): HomecamModule & { talk: TalkService } {
  const { streams, cameras } = ctx;
  const talk = new TalkService({
    source: (camera) => cameras.find(camera)?.videoConfig.source ?? null,
    ffmpegPath: () => streams.ffmpegPath,
    log: ctx.log.child({ module: 'talk' }),
  });
  const liveDeps: LiveDeps = { auth: ctx.auth, cameras, streams, bus: ctx.bus, clock: ctx.clock, webrtc: () => ctx.config.get().webrtc, talk, ...live };
  return {
    name: 'streams',
    talk,
    start: () => streams.start(),
    stop: async () => {
      await talk.close();
      await streams.close();
    },
    routes: (app) =>
      registerAll(app, [
        (app) => app.register(cameraMediaRoutes, { streams }),
        (app) => app.register(liveRoutes, { live: liveDeps }),
        (app) => app.register(talkRoutes, { talk, cameras }),
      ]),
  };
}
