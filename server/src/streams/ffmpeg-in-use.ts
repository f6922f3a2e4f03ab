import { probeFfmpegVersion, selectFfmpeg, type FfmpegOrigin, type FfmpegVersion, type MediaLogger } from '../media/index.js';

/** `ffmpeg -version` once per binary and process: every app (and test app) would otherwise pay ~50 ms. */
const versions = new Map<string, Promise<FfmpegVersion>>();

/** The ffmpeg the server runs (Settings → System shows it); origin and banner are null when none was usable. */
export interface FfmpegInUse {
  path: string;
  major: number | null;
  origin: FfmpegOrigin | null;
  banner: string | null;
}

function probe(path: string): Promise<FfmpegVersion> {
  let probed = versions.get(path);
  if (!probed) versions.set(path, (probed = probeFfmpegVersion(path)));
  probed.catch(() => versions.delete(path));
  return probed;
}

/**
 * The ffmpeg every part of the server runs: `configured` (config.json `options.videoProcessor` or the operator's
 * option) if it answers as ffmpeg (config.json is admin-writable), else FFMPEG_PATH, PATH, the bundled binary.
 * Never throws: without a usable ffmpeg the cameras report FFMPEG_UNAVAILABLE and everything else works.
 */
export async function findFfmpeg(configured: string | null, log: MediaLogger): Promise<FfmpegInUse> {
  try {
    const found = await selectFfmpeg({ configuredPath: configured, log, probe });
    log.debug({ ffmpeg: found.path, origin: found.origin, version: found.version.banner }, 'ffmpeg found');
    return { path: found.path, major: found.version.major, origin: found.origin, banner: found.version.banner };
  } catch (error) {
    log.error({ error: error instanceof Error ? error.message : String(error) }, 'ffmpeg is not available');
    return { path: 'ffmpeg', major: null, origin: null, banner: null };
  }
}
