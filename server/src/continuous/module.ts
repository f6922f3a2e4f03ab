import type { AppContext } from '../context/context.js';
import type { Recorder } from '../recording/recorder.js';
import type { HomecamModule } from '../runtime/module.js';
import { CONTINUOUS_QUEUE } from './continuous-recorder.js';
import { createContinuousModule, type ContinuousModule, type ContinuousOptions } from './feature.js';

type Deps = Pick<AppContext, 'database' | 'config' | 'cameras' | 'streams' | 'repositories' | 'recordings' | 'notifications' | 'bus' | 'clock' | 'log'>;

/**
 * 24/7 recording (issue 19) wired from the context: its footage comes through the camera stream service's one door
 * (privacy, disabled and the viewer limit apply to it as to every consumer), as a 'recorder' consumer of the
 * camera's running upstream; the event recorder tells it when an event clip is open. Export progress goes to its
 * owner's sockets.
 */
export function continuousModule(ctx: Deps, recorder: Recorder, options?: ContinuousOptions): ContinuousModule & HomecamModule {
  const feature = createContinuousModule({
    db: ctx.database.db,
    config: ctx.config,
    cameras: ctx.cameras,
    attach: (camera, stream, label) => ctx.streams.attach(camera, stream, { kind: 'recorder', label, queue: CONTINUOUS_QUEUE }),
    onStreamState: (listener) => ctx.streams.onStreamState(listener),
    files: ctx.repositories.recordingFiles,
    recordings: ctx.recordings,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log.child({ module: 'continuous' }),
    eventOpen: (camera) => recorder.current(camera) !== null,
    ffmpeg: () => ctx.streams.ffmpeg.path ?? 'ffmpeg',
    options: { nodeId: process.env.HOMECAM_NODE_ID, ...options },
  });
  return {
    ...feature,
    socket: (gateway) => ctx.bus.subscribe('ExportProgress', ({ job }) => gateway.toRecordingsOwner(job.ownerId, 'exportProgress', job)),
  };
}
