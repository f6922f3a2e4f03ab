import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, isAbsolute, join } from 'node:path';
import { MediaError } from '../errors.js';

/** Where the ffmpeg binary came from, in resolution order. */
export type FfmpegOrigin = 'config' | 'env' | 'path' | 'bundled';

export interface FfmpegLocation {
  path: string;
  origin: FfmpegOrigin;
  /** Candidates that were configured but unusable, e.g. a configured path that does not exist. */
  skipped: { origin: FfmpegOrigin; path: string; reason: string }[];
}

export interface LocateFfmpegOptions {
  /** The path from HomeCam's configuration, if any (absolute, or a name looked up on PATH). */
  configuredPath?: string | null;
  /** Environment to read FFMPEG_PATH and PATH from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Default: a regular file with the execute bit for us. */
  isExecutable?: (path: string) => boolean;
  /** Path of the bundled binary or null; default: `@ffmpeg-installer/ffmpeg` of the server workspace. */
  bundledPath?: () => string | null;
  platform?: NodeJS.Platform;
}

/**
 * Resolves ffmpeg: configured path → $FFMPEG_PATH → `ffmpeg` on PATH → the bundled `@ffmpeg-installer` binary
 * (an old 2018 static build without ffprobe, so it is the last resort). Throws FFMPEG_UNAVAILABLE.
 * This only looks at the file system; selectFfmpeg (select.ts) also checks that the program answers as ffmpeg.
 */
export function locateFfmpeg(options: LocateFfmpegOptions = {}): FfmpegLocation {
  const { candidates, skipped } = ffmpegCandidates(options);
  const first = candidates[0];
  if (first) return { ...first, skipped: skipped.filter((s) => ORIGINS.indexOf(s.origin) < ORIGINS.indexOf(first.origin)) };
  const tried = skipped.map((s) => `${s.origin}: ${s.path}`).join(', ');
  throw new MediaError(
    'FFMPEG_UNAVAILABLE',
    `ffmpeg not found (configured path, FFMPEG_PATH, PATH, bundled binary${tried ? `; tried ${tried}` : ''})`,
  );
}

const ORIGINS: readonly FfmpegOrigin[] = ['config', 'env', 'path', 'bundled'];

export interface FfmpegCandidate {
  path: string;
  origin: FfmpegOrigin;
}

/**
 * Every usable-looking candidate in resolution order, and the configured ones that are not. The configured path
 * (config.json `options.videoProcessor`) must be absolute: a bare name would run whatever PATH offers first.
 */
export function ffmpegCandidates(options: LocateFfmpegOptions = {}): {
  candidates: FfmpegCandidate[];
  skipped: FfmpegLocation['skipped'];
} {
  const env = options.env ?? process.env;
  const isExecutable = options.isExecutable ?? isExecutableFile;
  const platform = options.platform ?? process.platform;
  const binary = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const skipped: FfmpegLocation['skipped'] = [];
  const candidates: FfmpegCandidate[] = [];

  const add = (origin: FfmpegOrigin, value: string | null | undefined): void => {
    const candidate = value?.trim();
    if (!candidate) return;
    if (origin === 'config' && !isAbsolute(candidate)) {
      skipped.push({ origin, path: candidate, reason: 'not an absolute path' });
      return;
    }
    const found = isAbsolute(candidate) || candidate.includes('/')
      ? (isExecutable(candidate) ? candidate : null)
      : searchPath(candidate, env, isExecutable, platform);
    if (found) candidates.push({ path: found, origin });
    else skipped.push({ origin, path: candidate, reason: 'not found or not executable' });
  };

  add('config', options.configuredPath);
  add('env', env.FFMPEG_PATH);
  const onPath = searchPath(binary, env, isExecutable, platform);
  if (onPath) candidates.push({ path: onPath, origin: 'path' });
  add('bundled', (options.bundledPath ?? bundledFfmpegPath)());
  return { candidates, skipped };
}

/** The first `name` on PATH that `isExecutable` accepts. */
export function searchPath(
  name: string,
  env: NodeJS.ProcessEnv,
  isExecutable: (path: string) => boolean,
  platform: NodeJS.Platform,
): string | null {
  const separator = platform === 'win32' ? ';' : delimiter;
  for (const dir of (env.PATH ?? '').split(separator)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** A regular file this process may execute (what PATH lookups and the configured ffmpeg must be). */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The binary shipped by `@ffmpeg-installer/ffmpeg`, or null when that package (or its platform part) is missing. */
export function bundledFfmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof installer.path === 'string' ? installer.path : null;
  } catch {
    return null; // the package throws a string when its platform binary is absent
  }
}

export interface FfmpegVersion {
  /** First line of `ffmpeg -version`, e.g. "ffmpeg version 5.1.9-0+deb12u1 ...". */
  banner: string;
  /**
   * Major FFmpeg release, from the banner or, for git builds ("N-47683-g0e8eb07980-static"), from the
   * libavformat major (58 → 4, 59 → 5, ...). Null when neither is readable.
   */
  major: number | null;
}

/**
 * Runs `<path> -hide_banner -version`: no shell, an argument array, a 3 s time-out (then SIGKILL) and a small output
 * cap, since selectFfmpeg runs it on a configured program before it is trusted. The major version picks option
 * names that changed in 5.0.
 */
export function probeFfmpegVersion(path: string): Promise<FfmpegVersion> {
  return new Promise((resolve, reject) => {
    const limits = { timeout: 3_000, killSignal: 'SIGKILL' as const, maxBuffer: 256 * 1024, windowsHide: true };
    execFile(path, ['-hide_banner', '-version'], limits, (error, stdout) => {
      if (error) return reject(new MediaError('FFMPEG_UNAVAILABLE', `ffmpeg at ${path} does not run: ${error.message}`));
      resolve(parseFfmpegVersion(stdout));
    });
  });
}

export function parseFfmpegVersion(output: string): FfmpegVersion {
  const banner = output.split('\n', 1)[0]?.trim() ?? '';
  const release = /^ffmpeg version n?(\d+)\.\d+/i.exec(banner);
  if (release) return { banner, major: Number(release[1]) };
  const lavf = /^libavformat\s+(\d+)\./m.exec(output);
  return { banner, major: lavf ? Number(lavf[1]) - 54 : null };
}
