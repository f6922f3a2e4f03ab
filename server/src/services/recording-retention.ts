import type { DomainEvents } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { RecordingFilesRepository, RecordingRoot } from '../repositories/recording-files.repository.js';
import type { RecordingRepository, RecordingRow } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import type { NotificationService } from './notification.service.js';

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
  /** The files of a row, under its own root (RecordingService.filesOf). */
  filesOf: (row: RecordingRow) => RecordingRoot;
  /** Rows, files and notification links go the way a user's delete takes them (RecordingService), with this cause. */
  remove: (rows: readonly RecordingRow[], why: Extract<DomainEvents['RecordingsRemoved']['why'], 'expired' | 'space'>) => Promise<void>;
}

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;
const formatGB = (bytes: number): string => `${(bytes / GB).toFixed(2)} GB`;

/**
 * The retention rules of config.json `recordings`: which recordings go, oldest first, for age (`removeAfter` days),
 * for total size (`maxSizeGB`, all roots) and for free space on the disk new clips go to (`minFreeGB`), with a WARN
 * notification saying why, or an ERROR when deleting could not reach the goal. The removal itself is the caller's.
 */
export class RecordingRetention {
  private running: Promise<RetentionResult> | null = null;

  constructor(private readonly deps: RecordingRetentionDeps) {}

  /** One run at a time; a call during a run waits for it and runs again. */
  enforce(): Promise<RetentionResult> {
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
