import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { ObjectEvents } from './detection/object-events.js';

/** Runtime options of the local object detector config.json does not hold. */
export interface ObjectDetectionOptions {
  /** Worker threads (default by the machine's cores, at most 4). */
  poolSize?: number | undefined;
}

/** Issue 20: the local object detector over the cameras, feeding CameraEventService like every event source. */
export function createObjectEvents(ctx: AppContext, log: FastifyBaseLogger, options: ObjectDetectionOptions = {}): ObjectEvents {
  return new ObjectEvents({
    dataDirectory: ctx.dataDir,
    cameras: ctx.cameras,
    events: ctx.cameraEvents,
    clock: ctx.clock,
    log: log.child({ module: 'detection' }),
    poolSize: options.poolSize,
  });
}

/** After the event path it feeds (camera events): stopped before it, so no object event reaches a stopping part. */
export function objectDetectionComponent(objects: ObjectEvents): { name: string; start(): void; stop(): Promise<void> } {
  return { name: 'object-detection', start: () => objects.start(), stop: () => objects.stop() };
}
