import type { AppContext } from '../context/context.js';
import type { HomecamModule } from '../runtime/module.js';
import type { RefusedRecordingsDir } from '../services/recordings-directory.js';
import { LowSpaceWarning } from './low-space-warning.js';
import { Recorder } from './recorder.js';

export interface RecorderModuleOptions {
  /** Recorder tuning (tests shorten the clip cap). */
  recorder?: { maxClipMs?: number; syncEveryMs?: number } | undefined;
  /** Tests only: the free bytes below which the recordings disk counts as nearly full (default lowSpaceThreshold). */
  lowSpaceBytes?: ((totalBytes: number) => number) | undefined;
}

export type RecorderModule = HomecamModule & { readonly recorder: Recorder };

type Deps = Pick<AppContext, 'streams' | 'cameras' | 'config' | 'recordings' | 'recordingsDir' | 'repositories' | 'notifications' | 'bus' | 'clock' | 'log'>;

const REFUSALS: Record<string, string> = {
  PATH_FORBIDDEN: 'a system directory, the data directory, a parent of one, or the photos directory',
  PATH_NOT_EMPTY: 'it holds files that are not HomeCam\'s (no .homecam-recordings marker, no recordings)',
  PATH_NOT_WRITABLE: 'HomeCam cannot create or write to it',
  PATH_NOT_ABSOLUTE: 'not an absolute path',
};

/** config.json names a recordings directory the path rules refuse: an ERROR in the log and in the notifications. */
function reportRefusedDir(ctx: Deps): (refused: RefusedRecordingsDir) => void {
  return ({ configured, reason, fallback }) => {
    const why = REFUSALS[reason] ?? reason;
    ctx.log.error({ configured, rule: reason, fallback }, `config.json recordings.path refused (${why}): recording to ${fallback} instead`);
    const message = `recordings.path in config.json (${configured}) is not used: ${why}. New recordings go to ${fallback} until it is changed.`;
    ctx.notifications.system('ERROR', 'Recordings directory refused', message).catch((error: unknown) => ctx.log.error({ err: error }, 'notification failed'));
  };
}

/**
 * Event recordings: the recorder (a clip or snapshot per camera event), the retention sweep and the warning
 * before the recordings disk is full. Started in that order, stopped in reverse: the warning and the sweep end
 * first, then clips in progress are finalised.
 */
export function recorderModule(ctx: Deps, options: RecorderModuleOptions = {}): RecorderModule {
  const recorder = new Recorder({
    streams: ctx.streams,
    cameras: ctx.cameras,
    config: ctx.config,
    service: ctx.recordings,
    notifications: ctx.notifications,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log.child({ module: 'recorder' }),
    ...options.recorder,
  });
  // Looks as clips start and every 10 minutes (D2/F15).
  const lowSpace = new LowSpaceWarning({
    space: () => ctx.repositories.recordingFiles.space(),
    warn: (message) => ctx.notifications.system('WARN', 'Recordings', message),
    bus: ctx.bus,
    clock: ctx.clock,
    threshold: options.lowSpaceBytes,
    onError: (error) => ctx.log.warn({ err: error }, 'checking the free space of the recordings disk failed'),
  });
  return {
    name: 'recorder',
    recorder,
    start: async () => {
      ctx.recordingsDir.onRefused(reportRefusedDir(ctx));
      // Clips a crash left unfinished are cut to their last whole fragment and indexed as interrupted.
      await ctx.recordings.recover();
      recorder.start();
      ctx.recordings.startSweep((error) => ctx.log.error({ err: error }, 'recording retention failed'));
      lowSpace.start();
    },
    stop: async () => {
      lowSpace.stop();
      ctx.recordings.stop();
      await recorder.close();
    },
  };
}
