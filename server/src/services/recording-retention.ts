import type { DomainEvents } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { RecordingFilesRepository, RecordingRoot } from '../repositories/recording-files.repository.js';
import type { RecordingRepository, RecordingRow } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import type { NotificationService } from './notification.service.js';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
const formatGB = (bytes: number): string => `${(bytes / GB).toFixed(2)} GB`;

export interface RetentionResult {
  expired: number;
  forSpace: number;
}

export interface RecordingRetentionDeps {
  recordings: RecordingRepository;
  files: RecordingFilesRepository;
  notifications: NotificationService;
  config: ConfigService;
  clock: Clock;
  /** The files of a recording: under its own root. */
  filesOf(row: Pick<RecordingRow, 'root'>): RecordingRoot;
  /** Deletes rows and files and announces it (RecordingService's one removal path). */
  remove(rows: readonly RecordingRow[], why: DomainEvents['RecordingsRemoved']['why']): Promise<void>;
}

/**
 * The retention rules of config.json `recordings`: age (removeAfter days), then total size (maxSizeGB) and free
 * space on the recordings disk (minFreeGB), oldest first, with a WARN notification saying why. Picks the rows;
 * RecordingService removes them.
 */
export class RecordingRetention {
  private running: Promise<RetentionResult> | null = null;
  private cancelSweep: (() => void) | null = null;

  constructor(private readonly deps: RecordingRetentionDeps) {}

  /** Runs the retention rules every `everyMs` (and once now). */
  startSweep(onError: (error: unknown) => void, everyMs = 10 * 60_000): void {
    // A plain interval (not the injected clock): a periodic chore; tests call enforceRetention() directly.
    this.run().catch(onError);
    const interval = setInterval(() => void this.run().catch(onError), everyMs);
    interval.unref();
    this.cancelSweep = () => clearInterval(interval);
  }

  stop(): void {
    this.cancelSweep?.();
    this.cancelSweep = null;
  }

  /** One run at a time; a call during a run waits for it and runs again. */
  run(): Promise<RetentionResult> {
    const previous = this.running ?? Promise.resolve({ expired: 0, forSpace: 0 });
    const next = previous.catch(() => undefined).then(() => this.retain());
    this.running = next;
    return next;
  }

  private async retain(): Promise<RetentionResult> {
    const settings = this.deps.config.get().recordings;
    const now = this.deps.clock.now();
    const expired = await this.deps.recordings.startedBefore(new Date(now - settings.removeAfter * DAY_MS).toISOString());
    await this.deps.remove(expired, 'expired');

    const doomed: RecordingRow[] = [];
    const oldest = settings.maxSizeGB !== undefined || settings.minFreeGB !== undefined ? await this.deps.recordings.finishedOldestFirst() : [];
    const reasons: string[] = [];
    if (settings.maxSizeGB !== undefined) {
      // All rows count, whichever root they are under: the limit is on what HomeCam keeps, not on one directory.
      const max = settings.maxSizeGB * GB;
      let total = await this.deps.recordings.totalSize();
      if (total > max) reasons.push(`recordings use ${formatGB(total)}, more than the maximum of ${settings.maxSizeGB} GB`);
      for (const row of oldest) {
        if (total <= max) break;
        doomed.push(row);
        total -= row.size_bytes;
      }
    }
    if (settings.minFreeGB !== undefined) await this.freeSpace(settings.minFreeGB, oldest, doomed, reasons);
    if (doomed.length > 0) {
      await this.deps.remove(doomed, 'space');
      await this.deps.notifications.system('WARN', 'Recordings', `Deleted the ${doomed.length} oldest recording(s): ${reasons.join('; ')}`);
    }
    return { expired: expired.length, forSpace: doomed.length };
  }

  /**
   * The free-space rule: adds to `doomed` the oldest recordings on the current disk until `minFreeGB` is free. When
   * even deleting every one of them would leave less than that (a minimum larger than the disk, or other files
   * holding the space), deleting would lose them all and still miss the goal: none go for this rule, an ERROR says why.
   */
  private async freeSpace(minFreeGB: number, oldest: readonly RecordingRow[], doomed: RecordingRow[], reasons: string[]): Promise<void> {
    const min = minFreeGB * GB;
    // Only recordings on the disk new clips go to free space there: older roots on another disk are kept.
    const local = await this.onCurrentDisk(oldest);
    const bytes = (rows: readonly RecordingRow[]) => rows.reduce((n, row) => n + row.size_bytes, 0);
    let free = (await this.deps.files.freeBytes()) + bytes(doomed.filter((row) => local.has(row)));
    if (free >= min) return;
    const candidates = oldest.filter((row) => local.has(row) && !doomed.includes(row));
    const reachable = free + bytes(candidates);
    if (reachable < min) {
      await this.deps.notifications.system(
        'ERROR',
        'Recordings',
        `Less than ${minFreeGB} GB free on the recordings disk, and deleting every recording on it would leave only ` +
          `${formatGB(reachable)} free: none deleted for free space. Lower the minimum free space or free the disk.`,
      );
      return;
    }
    reasons.push(`less than ${minFreeGB} GB free on the recordings disk`);
    for (const row of candidates) {
      if (free >= min) break;
      doomed.push(row);
      free += row.size_bytes;
    }
  }

  /** The rows whose files are on the current recordings disk (one check per root). */
  private async onCurrentDisk(rows: readonly RecordingRow[]): Promise<Set<RecordingRow>> {
    const byRoot = new Map<string, boolean>();
    const local = new Set<RecordingRow>();
    for (const row of rows) {
      const root = this.deps.filesOf(row).dir;
      let same = byRoot.get(root);
      if (same === undefined) byRoot.set(root, (same = await this.deps.files.onCurrentDisk(root)));
      if (same) local.add(row);
    }
    return local;
  }
}
