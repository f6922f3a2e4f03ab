import { MediaError } from '../errors.js';
import type { MediaLogger } from '../logger.js';
import {
  ffmpegCandidates,
  probeFfmpegVersion,
  type FfmpegOrigin,
  type FfmpegVersion,
  type LocateFfmpegOptions,
} from './locate.js';

export interface SelectFfmpegOptions extends LocateFfmpegOptions {
  log: MediaLogger;
  /** `<path> -version`; default probeFfmpegVersion (tests inject a fake, the server a per-process cache). */
  probe?: (path: string) => Promise<FfmpegVersion>;
}

export interface SelectedFfmpeg {
  path: string;
  origin: FfmpegOrigin;
  version: FfmpegVersion;
}

/** What a real ffmpeg prints first for `-version`, releases ("5.1.9-0+deb12u1") and git builds ("N-47683-…") alike. */
const FFMPEG_BANNER = /^ffmpeg version \S+/;

/**
 * The first candidate of locateFfmpeg's order (config.json `options.videoProcessor` → FFMPEG_PATH → PATH → bundled)
 * that answers `-version` with an ffmpeg banner. config.json is writable by admins, so its program is run once
 * with `-version` (no shell, time-out) and used only if it says it is ffmpeg; anything else is logged as an error
 * and the next candidate is tried. Picking the bundled 2018 snapshot is logged as a warning. Throws
 * FFMPEG_UNAVAILABLE when no candidate qualifies.
 */
export async function selectFfmpeg(options: SelectFfmpegOptions): Promise<SelectedFfmpeg> {
  const { log } = options;
  const probe = options.probe ?? probeFfmpegVersion;
  const { candidates, skipped } = ffmpegCandidates(options);
  for (const s of skipped) {
    const context = { ffmpeg: s.path, origin: s.origin, reason: s.reason };
    if (s.origin === 'config') log.error(context, 'configured videoProcessor not usable, skipped');
    else log.warn(context, 'ffmpeg candidate not usable, skipped');
  }
  for (const candidate of candidates) {
    let version: FfmpegVersion;
    try {
      version = await probe(candidate.path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ ffmpeg: candidate.path, origin: candidate.origin, reason }, 'ffmpeg candidate does not run, skipped');
      continue;
    }
    if (!FFMPEG_BANNER.test(version.banner)) {
      log.error(
        { ffmpeg: candidate.path, origin: candidate.origin, banner: version.banner.slice(0, 120) },
        'not an ffmpeg: its -version does not start with "ffmpeg version", skipped',
      );
      continue;
    }
    if (candidate.origin === 'bundled') {
      log.warn(
        { ffmpeg: candidate.path, version: version.banner },
        'using the bundled ffmpeg of @ffmpeg-installer, a 2018 snapshot: install a current ffmpeg on PATH or set FFMPEG_PATH',
      );
    }
    return { path: candidate.path, origin: candidate.origin, version };
  }
  throw new MediaError('FFMPEG_UNAVAILABLE', 'no usable ffmpeg (configured path, FFMPEG_PATH, PATH, bundled binary)');
}
