import { StreamHub, type MediaLogger, type QueueLimits, type StreamHubOptions } from '../media/index.js';
import { MotionManager, type MotionHub } from '../motion/index.js';
import { StillImageRepository } from '../repositories/still-image.repository.js';
import type { CameraEventService } from '../services/camera-event.service.js';
import { CameraStreamService } from '../services/camera-stream.service.js';
import type { CameraService } from '../services/camera.service.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { FfmpegInUse } from './ffmpeg-in-use.js';

export interface MediaOptions {
  /** ffmpeg to use; default config.json `options.videoProcessor`, then FFMPEG_PATH, PATH, the bundled binary. */
  ffmpegPath?: string | undefined;
  /** Hub tuning (tests shorten the idle time-out and the backoff). */
  hub?: Partial<Omit<StreamHubOptions, 'ffmpegPath' | 'ffmpegMajor' | 'logger'>> | undefined;
  snapshotWaitMs?: number | undefined;
  snapshotCacheMs?: number | undefined;
  viewerQueue?: QueueLimits | undefined;
}

export interface StreamsParts {
  cameras: CameraService;
  cameraEvents: CameraEventService;
  bus: EventBus;
  clock: Clock;
}

/**
 * The camera stream service over one stream hub and the motion detectors, with the ffmpeg found once. Built
 * with the context and not started: every module gets the same service from the start, and the streams module
 * only starts it (the cameras are handed over and followed from then on).
 */
export function buildStreams(parts: StreamsParts, ffmpeg: FfmpegInUse, log: MediaLogger, options: MediaOptions = {}): CameraStreamService {
  const hub = new StreamHub({ ...options.hub, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  // Motion detection of cameras with video analysis on: detected motion goes through the same rules as every
  // trigger (disabled, privacy mode, At Home), and the detector's dwell and timeouts decide when it ends.
  // It attaches through the service's door (disabled, privacy, maxStreams), like every other consumer.
  const door: MotionHub = { attach: (camera, stream, attach) => streams.attachNow(camera, stream, attach) };
  // Object detection taps it later (streams.tapMotionFrames), before the streams start.
  const motion = new MotionManager({ hub: door, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  motion.on('motionStarted', ({ camera }) => void parts.cameraEvents.motionStart(camera, 'motion'));
  motion.on('motionEnded', ({ camera }) => void parts.cameraEvents.motionReset(camera, 'motion'));
  const streams = new CameraStreamService({
    hub,
    motion,
    cameras: parts.cameras,
    stills: new StillImageRepository({ ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major }),
    bus: parts.bus,
    clock: parts.clock,
    log,
    ffmpeg,
    snapshotWaitMs: options.snapshotWaitMs,
    snapshotCacheMs: options.snapshotCacheMs,
    viewerQueue: options.viewerQueue,
  });
  return streams;
}
