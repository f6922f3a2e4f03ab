import { readFile } from 'node:fs/promises';
import type { Recording } from '@homecam/shared';
import type { EventBus } from '../events/event-bus.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import type { Clock } from '../lib/clock.js';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { RecordingService } from '../services/recording.service.js';
import { alertChannelIntegration } from './alert-integrations.js';
import { AlertPipeline, type RegisterOptions } from './alert-pipeline.js';
import type { AlertChannel } from './channel.js';
import type { AlertLogger, ChannelWorkerOptions } from './channel-worker.js';
import { EventMedia, type ClipFile } from './event-media.js';
import { createPushChannel } from './push/push-channel.js';
import type { PushNotifier } from './push/push-notifier.js';

export interface AlertParts {
  bus: EventBus;
  clock: Clock;
  config: ConfigService;
  cameras: CameraService;
  recordings: RecordingService;
  integrations: IntegrationRegistry;
  log: AlertLogger;
  /** A fresh JPEG of the camera. */
  liveSnapshot(camera: string): Promise<Buffer | null>;
  /** The recorder's clip cap: clip() waits this long plus a margin. */
  maxClipMs: number;
  worker?: Partial<ChannelWorkerOptions> | undefined;
  /** Web push, the pipeline's 'push' channel. */
  pushNotifier: PushNotifier;
}

/** After the cap the recorder still writes the last fragment and the index row. */
const CLIP_MARGIN_MS = 30_000;

/** `/files/recordings/a/b.mp4` → `a/b.mp4` (the recording service's relative path). */
function relativeOf(url: string): string | null {
  const prefix = '/files/recordings/';
  if (!url.startsWith(prefix)) return null;
  return url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
}

/**
 * The alert pipeline with its event media and web push, and `register`: how a channel joins it. Every channel but web
 * push (which has its own plugins entry, 'web-push') also appears on the plugins page as `alert-<id>`.
 */
export function createAlerts(parts: AlertParts) {
  const { recordings } = parts;
  const fileOf = async (url: string): Promise<{ path: string; size: number } | null> => {
    const relative = relativeOf(url);
    const file = relative ? await recordings.file(relative).catch(() => null) : null;
    // A span of continuous footage (issue 19) has no file of its own to attach: the channels send the picture.
    return file && !file.virtual ? file : null;
  };
  const media = new EventMedia({
    bus: parts.bus,
    clock: parts.clock,
    thumbnail: async (url) => {
      const file = await fileOf(url);
      return file ? readFile(file.path) : null;
    },
    liveSnapshot: (camera) => parts.liveSnapshot(camera).catch(() => null),
    clipFile: async (recording: Recording): Promise<ClipFile | null> => {
      if (recording.type !== 'Video' || !recording.file.endsWith('.mp4')) return null;
      const file = await fileOf(recording.file);
      return file ? { path: file.path, bytes: file.size, mimeType: 'video/mp4' } : null;
    },
    clipWaitMs: parts.maxClipMs + CLIP_MARGIN_MS,
  });
  const pipeline = new AlertPipeline({
    bus: parts.bus,
    clock: parts.clock,
    log: parts.log,
    media,
    camera: (name) => parts.cameras.find(name) ?? null,
    alertLevels: () => parts.config.get().notifications.alertLevels,
    worker: parts.worker,
  });
  const registered = new Map<string, () => void>();
  // A channel registered again replaces the earlier one with that id (tests put a fake where a real channel sits).
  const register = (channel: AlertChannel, options?: RegisterOptions): void => {
    registered.get(channel.id)?.();
    const offPipeline = pipeline.register(channel, options);
    const offPlugins = channel.id === 'push' ? () => undefined : parts.integrations.register(alertChannelIntegration(channel, pipeline, parts.clock));
    registered.set(channel.id, () => {
      offPipeline();
      offPlugins();
    });
  };
  // Web push keeps sending system notifications by its own permission rule, whatever alertLevels says.
  const push = createPushChannel({ notifier: parts.pushNotifier, active: () => parts.config.get().notifications.active, clock: parts.clock });
  pipeline.register(push, { allSystemLevels: true, worker: { attemptTimeoutMs: 120_000, concurrency: 4, queueSize: 500 } });
  return { pipeline, register };
}
