import { AUTOMATIC_BACKUP_HOUR, AUTOMATIC_BACKUP_KEEP_DAYS, AUTOMATIC_BACKUP_NAME, type AutomaticBackup } from '@homecam/shared';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../lib/clock.js';
import { limitDatabase, type CameraLimit } from './camera-limit.js';
import { redactDatabase } from './database-copy.js';
import { AUTOMATIC_DIR, WORK_PREFIX } from './layout.js';

/** The next local 12:00:00 strictly after `now` (spec §9: daily at 12:00:00). */
export function nextBackupAt(now: number): number {
  const next = new Date(now);
  next.setHours(AUTOMATIC_BACKUP_HOUR, 0, 0, 0);
  if (next.getTime() <= now) next.setDate(next.getDate() + 1);
  return next.getTime();
}

const pad = (n: number) => String(n).padStart(2, '0');
export const backupNameFor = (at: number) => {
  const d = new Date(at);
  return `homecam-db-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}.sqlite`;
};

export interface DailyBackupDeps {
  dataDir: string;
  clock: Clock;
  copyDatabase(destination: string): Promise<void>;
  onFailure(error: unknown): void;
}

/** The automatic database copy: armed on the server clock, one file per day in `<data>/backups`, the newest 7 kept. */
export class DailyBackup {
  readonly dir: string;
  private cancel: (() => void) | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DailyBackupDeps) {
    this.dir = join(deps.dataDir, AUTOMATIC_DIR);
  }

  start(): void {
    this.cancel?.();
    const now = this.deps.clock.now();
    this.cancel = this.deps.clock.setTimer(nextBackupAt(now) - now, () => {
      this.running = this.run().then(
        () => undefined,
        (error: unknown) => this.deps.onFailure(error),
      );
      this.start();
    });
  }

  /** Stops the timer and waits for a copy in progress (the database closes after this). */
  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    await this.running;
  }

  /** One copy now: written under a temporary name, renamed when complete, then the old ones pruned. */
  async run(): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = backupNameFor(this.deps.clock.now());
    const temp = join(this.dir, `${name}.tmp`);
    await rm(temp, { force: true });
    await this.deps.copyDatabase(temp);
    await rename(temp, join(this.dir, name));
    const names = (await this.names()).sort().reverse();
    for (const old of names.slice(AUTOMATIC_BACKUP_KEEP_DAYS)) await rm(join(this.dir, old), { force: true });
    return name;
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => AUTOMATIC_BACKUP_NAME.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async list(): Promise<AutomaticBackup[]> {
    const names = (await this.names()).sort().reverse();
    return Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.dir, name));
        return { name, size: info.size, createdAt: info.mtime.toISOString() };
      }),
    );
  }

  /**
   * A copy as a stream, or null when there is none. `redacted` (non-admins): a stripped temporary copy (no
   * sessions, hashes, push keys), removed once sent.
   */
  async open(name: string, redacted: boolean, cameraLimit: CameraLimit | null = null): Promise<{ stream: Readable; size: number } | null> {
    if (!AUTOMATIC_BACKUP_NAME.test(name) || !(await this.names()).includes(name)) return null;
    const path = join(this.dir, name);
    if (!redacted) return { stream: createReadStream(path), size: (await stat(path)).size };
    const work = await mkdtemp(join(this.deps.dataDir, WORK_PREFIX));
    const copy = join(work, name);
    await copyFile(path, copy);
    if (cameraLimit) limitDatabase(copy, cameraLimit);
    redactDatabase(copy);
    const stream = createReadStream(copy);
    stream.on('close', () => void rm(work, { recursive: true, force: true }));
    return { stream, size: (await stat(copy)).size };
  }
}
