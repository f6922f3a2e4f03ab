import type { ConfigFile, ValidationMessage } from '@homecam/shared';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { AppError } from '../errors/app-error.js';
import type { DiskRepository } from '../repositories/disk.repository.js';
import type { RecordingRepository } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import { RECORDINGS_MARKER, recordingsPathRefusal } from './recordings-path.js';

export interface RecordingsDirectoryDeps {
  disk: DiskRepository;
  recordings: RecordingRepository;
  dataDir: string;
}

/** A configured recordings directory HomeCam will not use, and why (PATH_FORBIDDEN, PATH_NOT_EMPTY, PATH_NOT_WRITABLE …). */
export interface RefusedRecordingsDir {
  configured: string;
  reason: ValidationMessage;
  /** Where new recordings go instead: the default directory under the data directory. */
  fallback: string;
}

/**
 * The one place the recordings path rules are applied (recordingsPathRefusal decides, this gathers the facts
 * and adopts): every API write that moves `recordings.path` (settings route and /api/config alike) and every
 * config.json loaded or hand-edited. A refused file never makes the recorder write there: new recordings go to
 * the default directory until the path is fixed, and the refusal is reported (onRefused).
 */
export class RecordingsDirectory {
  private effective: string;
  /** Counts follow() calls: only the newest one's answer is applied (hot reloads can overlap). */
  private generation = 0;
  private refused: RefusedRecordingsDir | null = null;
  private listener: ((refused: RefusedRecordingsDir) => void) | null = null;
  /** The directory the last API write adopted: applying that write needs no second check. */
  private adopted: string | null = null;

  constructor(private readonly deps: RecordingsDirectoryDeps) {
    this.effective = this.defaultPath;
  }

  get defaultPath(): string {
    return join(this.deps.dataDir, 'recordings');
  }

  /** The directory new recordings go to now: the configured one once it passed the rules, else the default. */
  get dir(): string {
    return this.effective;
  }

  /**
   * Why `path` may not hold recordings, or null after adopting it (created, writable, marked as HomeCam's so a
   * later change back to it is allowed). Symlinks are resolved before the rules are applied.
   */
  async adoptOrRefuse(path: string): Promise<RefusedRecordingsDir['reason'] | null> {
    if (!isAbsolute(path)) return 'PATH_NOT_ABSOLUTE';
    const { disk, recordings, dataDir } = this.deps;
    const resolved = await disk.resolve(path);
    let entries: string[] | null;
    try {
      entries = await disk.entries(resolved);
    } catch {
      return 'PATH_NOT_WRITABLE';
    }
    const knownRoot = resolved === (await disk.resolve(this.defaultPath)) || (await recordings.hasRoot(path)) || (await recordings.hasRoot(resolved));
    const refusal = recordingsPathRefusal({
      resolved,
      dataDir: await disk.resolve(dataDir),
      reserved: [await disk.resolve(join(dataDir, 'photos'))],
      home: await disk.resolve(homedir()),
      entries,
      knownRoot,
    });
    if (refusal) return refusal;
    if (!(await disk.ensureWritableDir(resolved))) return 'PATH_NOT_WRITABLE';
    try {
      await disk.writeFile(join(resolved, RECORDINGS_MARKER), 'This directory holds HomeCam recordings.\n');
    } catch {
      return 'PATH_NOT_WRITABLE';
    }
    return null;
  }

  /** adoptOrRefuse for a request: a refusal is 400 VALIDATION_FAILED naming `field`. */
  async adopt(path: string, field: string): Promise<void> {
    const refusal = await this.adoptOrRefuse(path);
    if (refusal) throw new AppError('VALIDATION_FAILED', 'the settings are not valid', [{ path: field, message: refusal }]);
  }

  /**
   * The write rule of config.json (ConfigService.addWriteRule): a write that moves `recordings.path` adopts the
   * new directory first or is refused; sending the path unchanged (a PUT of what GET returned) checks nothing.
   */
  readonly checkWrite = async (next: ConfigFile, current: ConfigFile): Promise<void> => {
    const target = next.recordings.path ?? this.defaultPath;
    if (resolve(target) === resolve(current.recordings.path ?? this.defaultPath)) return;
    await this.adopt(target, 'recordings.path');
    // Adopted just now: the recorder may use it as soon as the write is applied, without a second check.
    this.adopted = resolve(target);
  };

  /**
   * Applies `recordings.path` of a loaded or changed config.json: the configured directory once it passes the
   * rules, else the default directory with the refusal reported. Until then the previous directory stays in use.
   */
  async follow(configured: string | undefined): Promise<void> {
    const generation = ++this.generation;
    const target = configured ?? this.defaultPath;
    if (resolve(target) === this.adopted) {
      this.use(resolve(target));
      return;
    }
    const reason = await this.adoptOrRefuse(target);
    if (generation !== this.generation) return;
    if (reason === null) {
      this.use(resolve(target));
      return;
    }
    const refused = { configured: target, reason, fallback: this.defaultPath };
    this.use(this.defaultPath);
    this.refused = refused;
    this.listener?.(refused);
  }

  /**
   * Follows config.json's `recordings.path` (now, and on every change: a hand edit could name /etc) and makes every
   * write of it obey the path rules. A refused directory is never written to; the default one is used instead.
   */
  async bindTo(config: ConfigService): Promise<void> {
    await this.follow(config.get().recordings.path);
    config.onChange((next, previous) => {
      // Fails only when the database is closing (shutdown); the previous directory then stays in use.
      if (next.recordings.path !== previous.recordings.path) this.follow(next.recordings.path).catch(() => undefined);
    });
    config.addWriteRule(this.checkWrite);
  }

  /** Hears about every refused configured directory; one refused before it subscribed (at start-up) at once. */
  onRefused(listener: (refused: RefusedRecordingsDir) => void): void {
    this.listener = listener;
    if (this.refused) listener(this.refused);
  }

  private use(dir: string): void {
    this.effective = dir;
    this.refused = null;
  }
}
