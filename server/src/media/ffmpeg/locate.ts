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
 */
export function locateFfmpeg(options: LocateFfmpegOptions = {}): FfmpegLocation {
  const env = options.env ?? process.env;
  const isExecutable = options.isExecutable ?? defaultIsExecutable;
  const platform = options.platform ?? process.platform;
  const binary = platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg';
  const skipped: FfmpegLocation['skipped'] = [];

  const resolve = (origin: FfmpegOrigin, value: string | null | undefined): FfmpegLocation | null => {
    const candidate = value?.trim();
    if (!candidate) return null;
    const found = isAbsolute(candidate) || candidate.includes('/')
      ? (isExecutable(candidate) ? candidate : null)
      : searchPath(candidate, env, isExecutable, platform);
    if (found) return { path: found, origin, skipped };
    skipped.push({ origin, path: candidate, reason: 'not found or not executable' });
    return null;
  };

  const found =
    resolve('config', options.configuredPath) ??
    resolve('env', env.FFMPEG_PATH) ??
    withOrigin(searchPath(binary, env, isExecutable, platform), 'path', skipped) ??
    resolve('bundled', (options.bundledPath ?? bundledFfmpegPath)());
  if (found) return found;
  const tried = skipped.map((s) => `${s.origin}: ${s.path}`).join(', ');
  throw new MediaError(
    'FFMPEG_UNAVAILABLE',
    `ffmpeg not found (configured path, FFMPEG_PATH, PATH, bundled binary${tried ? `; tried ${tried}` : ''})`,
  );
}

function withOrigin(path: string | null, origin: FfmpegOrigin, skipped: FfmpegLocation['skipped']): FfmpegLocation | null {
  return path ? { path, origin, skipped } : null;
}

function searchPath(
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

function defaultIsExecutable(path: string): boolean {
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

/** Runs `ffmpeg -version` (2 s time-out). The major version picks option names that changed in 5.0. */
export function probeFfmpegVersion(path: string): Promise<FfmpegVersion> {
  return new Promise((resolve, reject) => {
    execFile(path, ['-hide_banner', '-version'], { timeout: 2_000 }, (error, stdout) => {
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
