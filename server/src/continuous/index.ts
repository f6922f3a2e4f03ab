import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { Recorder } from '../recording/recorder.js';
import type { CameraStreamService } from '../services/camera-stream.service.js';
import { CONTINUOUS_QUEUE } from './continuous-recorder.js';
import { createContinuousModule, type ContinuousOptions } from './module.js';

export { createContinuousModule, type ContinuousModule, type ContinuousDeps, type ContinuousOptions } from './module.js';

/**
 * The module wired to today's runtime: its dependencies taken from the context, the stream service (started
 * earlier) and the event recorder. The one place that knows both; the reshaping of issue 18 replaces just this.
 */
export function continuousComponent(ctx: AppContext, streams: () => CameraStreamService, recorder: Recorder, log: FastifyBaseLogger, options?: ContinuousOptions) {
  return createContinuousModule({
    db: ctx.database.db,
    config: ctx.config,
    cameras: ctx.cameras,
    attach: async (camera, stream, label) => {
      const service = streams();
      await service.settled();
      return service.hub.attach(camera, stream, { kind: 'recorder', label, queue: CONTINUOUS_QUEUE });
    },
    onStreamState: (listener) => streams().onStreamState(listener),
    files: ctx.repositories.recordingFiles,
    recordings: ctx.recordings,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: log.child({ module: 'continuous' }),
    eventOpen: (camera) => recorder.current(camera) !== null,
    ffmpeg: () => streams().ffmpeg.path ?? 'ffmpeg',
    options: { nodeId: process.env.HOMECAM_NODE_ID, ...options },
  });
}
