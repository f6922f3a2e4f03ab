import { probeFfmpegVersion, selectFfmpeg, StreamHub, type FfmpegOrigin, type FfmpegVersion, type MediaLogger, type QueueLimits, type StreamHubOptions } from './media/index.js';
import type { AppContext } from './context.js';
import { MotionManager, type MotionHub } from './motion/index.js';
import { StillImageRepository } from './repositories/still-image.repository.js';
import { CameraStreamService } from './services/camera-stream.service.js';

/** The media side of the context: ffmpeg found once, the stream hub and motion detection over the cameras. */

export interface MediaOptions {
  /** ffmpeg to use; default config.json `options.videoProcessor`, then FFMPEG_PATH, PATH, the bundled binary. */
  ffmpegPath?: string | undefined;
  /** Hub tuning (tests shorten the idle time-out and the backoff). */
  hub?: Partial<Omit<StreamHubOptions, 'ffmpegPath' | 'ffmpegMajor' | 'logger'>> | undefined;
  snapshotWaitMs?: number | undefined;
  snapshotCacheMs?: number | undefined;
  viewerQueue?: QueueLimits | undefined;
}

/** `ffmpeg -version` once per binary and process: every app (and test app) would otherwise pay ~50 ms. */
const versions = new Map<string, Promise<FfmpegVersion>>();

/** The ffmpeg the server runs (Settings → System shows it); origin and banner are null when none was usable. */
export interface FfmpegInUse {
  path: string;
  major: number | null;
  origin: FfmpegOrigin | null;
  banner: string | null;
}

async function findFfmpeg(configured: string | null, log: MediaLogger): Promise<FfmpegInUse> {
  try {
    const probe = (path: string): Promise<FfmpegVersion> => {
      let probed = versions.get(path);
      if (!probed) versions.set(path, (probed = probeFfmpegVersion(path)));
      probed.catch(() => versions.delete(path));
      return probed;
    };
    // Checks that the configured program answers as ffmpeg (config.json is admin-writable), warns on the bundled one.
    const found = await selectFfmpeg({ configuredPath: configured, log, probe });
    log.debug({ ffmpeg: found.path, origin: found.origin, version: found.version.banner }, 'ffmpeg found');
    return { path: found.path, major: found.version.major, origin: found.origin, banner: found.version.banner };
  } catch (error) {
    // Start anyway: the cameras report FFMPEG_UNAVAILABLE, everything else works.
    log.error({ error: error instanceof Error ? error.message : String(error) }, 'ffmpeg is not available');
    return { path: 'ffmpeg', major: null, origin: null, banner: null };
  }
}

/**
 * The stream hub over the cameras of config.json, with ffmpeg from `options.videoProcessor` (then FFMPEG_PATH,
 * PATH, the bundled binary). Started: the cameras are handed over and followed from now on.
 */
export async function createStreams(
  ctx: Pick<AppContext, 'cameras' | 'config' | 'bus' | 'clock' | 'cameraEvents' | 'photos'>,
  log: MediaLogger,
  options: MediaOptions = {},
): Promise<CameraStreamService> {
  const ffmpeg = await findFfmpeg(options.ffmpegPath ?? ctx.config.get().options.videoProcessor ?? null, log);
  ctx.photos.useFfmpeg(ffmpeg.path); // uploaded photos are re-encoded with the same ffmpeg
  const hub = new StreamHub({ ...options.hub, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  // Motion detection of cameras with video analysis on: detected motion goes through the same rules as every
  // trigger (disabled, privacy mode, At Home), and the detector's dwell and timeouts decide when it ends.
  const door: MotionHub = { attach: (camera, stream, attach) => streams.attachNow(camera, stream, attach) };
  const motion = new MotionManager({ hub: door, ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major, logger: log });
  motion.on('motionStarted', ({ camera }) => void ctx.cameraEvents.motionStart(camera, 'motion'));
  motion.on('motionEnded', ({ camera }) => void ctx.cameraEvents.motionReset(camera, 'motion'));
  const streams = new CameraStreamService({
    hub,
    motion,
    cameras: ctx.cameras,
    stills: new StillImageRepository({ ffmpegPath: ffmpeg.path, ffmpegMajor: ffmpeg.major }),
    bus: ctx.bus,
    clock: ctx.clock,
    log,
    ffmpeg,
    snapshotWaitMs: options.snapshotWaitMs,
    snapshotCacheMs: options.snapshotCacheMs,
    viewerQueue: options.viewerQueue,
  });
  await streams.start();
  return streams;
}
