import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import { ObjectEvents } from './object-events.js';

/** Runtime options of the local object detector config.json does not hold. */
export interface ObjectDetectionOptions {
  /** Worker threads (default by the machine's cores, at most 4). */
  poolSize?: number | undefined;
}

export type DetectionModule = HomecamModule & {
  /** The detector as the app runs it: its state, the notifications' first gate, HomeKit's motion rule. */
  readonly objects: ObjectEvents;
};

/**
 * Issue 20: the local object detector over the cameras. It taps the motion decoders through the stream service's
 * door (before the streams start) and feeds CameraEventService like every event source, so its objects take the
 * one event path. Listed after the camera events it feeds: stopped before them, so no object event reaches a
 * stopping part.
 */
export function detectionModule(ctx: Pick<AppContext, 'dataDir' | 'cameras' | 'cameraEvents' | 'streams' | 'clock' | 'log'>, options: ObjectDetectionOptions = {}): DetectionModule {
  const objects = new ObjectEvents({
    dataDirectory: ctx.dataDir,
    cameras: ctx.cameras,
    events: ctx.cameraEvents,
    clock: ctx.clock,
    log: ctx.log.child({ module: 'detection' }),
    poolSize: options.poolSize,
  });
  ctx.streams.tapMotionFrames(objects);
  return { name: 'object-detection', objects, start: () => objects.start(), stop: () => objects.stop() };
}
