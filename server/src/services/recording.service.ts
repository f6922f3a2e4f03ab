import type { EventListQuery, Recording, RecordingList } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Actor, DomainEvents, EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import { cameraFolder, type RecordingFilesRepository, type RecordingRoot } from '../repositories/recording-files.repository.js';
import { CameraScope } from './camera-scope.js';
import type { RecordingRepository, RecordingRow } from '../repositories/recording.repository.js';
import type { ConfigService } from './config.service.js';
import { addRecordingLabels } from './recording-labels.js';
import { RecordingRetention, type RetentionResult } from './recording-retention.js';
import { spanFile, type RecordingFile, type SpanSource } from './recording-span.js';

export type { RecordingFile, SpanSource, VirtualFile } from './recording-span.js';
import { parseLabels, recordingFileUrl, toFilter, type NotificationService } from './notification.service.js';

export type { RetentionResult } from './recording-retention.js';
/** The row the recorder hands in (begin, interrupt, complete): rows change through this service only. */
export type { RecordingRow };

export interface RecordingServiceDeps {
  recordings: RecordingRepository;
  files: RecordingFilesRepository;
  notifications: NotificationService;
  config: ConfigService;
  bus: EventBus;
  clock: Clock;
}

/** How long a request for a file still being written (a thumbnail waiting for a keyframe) is held. */
export const PENDING_FILE_WAIT_MS = 10_000;

/**
 * Recordings as rows: list with filters, delete (rows and files), the recorder's begin/interrupt/complete, and
 * start-up recovery of clips a crash left in 'recording'. Which rows retention removes (age; total size and free
 * space, oldest first) is recording-retention.ts's; they go through the same removal as a user's delete.
 */
export class RecordingService {
  private readonly retention: RecordingRetention;
  private cancelSweep: (() => void) | null = null;
  /**
   * Files the recorder is writing now, by relative path, with the root they go under, so a request for one
   * waits instead of a 404 (the thumbnail is announced before its row exists).
   */
  private readonly pending = new Map<string, { root: string; written: Promise<unknown> }>();

  private spans: SpanSource | null = null;

  constructor(private readonly deps: RecordingServiceDeps) {
    this.retention = new RecordingRetention({
      ...deps,
      filesOf: (row) => this.filesOf(row),
      remove: (rows, why) => this.remove(rows, { why }),
    });
  }

  /** Issue 19: span recordings (continuous mode) are served from the footage this source assembles. */
  useSpanSource(source: SpanSource | null): void {
    this.spans = source;
  }

  present(row: RecordingRow): Recording {
    return {
      id: row.id,
      camera: row.camera,
      room: row.room,
      label: row.label,
      ...(row.labels ? { labels: parseLabels(row.labels) } : {}),
      trigger: row.trigger,
      type: row.type as Recording['type'],
      status: row.status as Recording['status'],
      startedAt: row.started_at,
      durationMs: row.duration_ms,
      sizeBytes: row.size_bytes,
      file: recordingFileUrl(row.file),
      thumbnail: row.thumbnail ? recordingFileUrl(row.thumbnail) : null,
    };
  }

  /** `scope` (issue 21, here and below): a limited caller sees, and removes, only their cameras' recordings. */
  async list(query: EventListQuery, scope: CameraScope = CameraScope.ALL): Promise<RecordingList> {
    const filter = { ...toFilter(query), scope: scope.names(this.deps.config.get().cameras) };
    const { rows, nextCursor } = await this.deps.recordings.list(filter, { cursor: query.cursor, limit: query.limit });
    return { result: rows.map((row) => this.present(row)), nextCursor };
  }

  async get(id: string, scope: CameraScope = CameraScope.ALL): Promise<Recording> {
    return this.present(await this.row(id, scope));
  }

  async delete(id: string, by?: Actor, scope: CameraScope = CameraScope.ALL): Promise<void> {
    await this.remove([await this.row(id, scope)], { why: 'deleted', by });
  }

  /** Several by id, or all (finished ones: a clip being written is left alone) without ids. `by`: for the audit trail. */
  async deleteMany(ids: readonly string[] | undefined, by?: Actor, scope: CameraScope = CameraScope.ALL): Promise<number> {
    const all = ids === undefined || ids.length === 0;
    const rows = scope.filter(all ? await this.deps.recordings.all() : await this.deps.recordings.byIds([...new Set(ids)]), (row) => row.camera);
    const removable = rows.filter((row) => row.status !== 'recording');
    await this.remove(removable, { why: 'deleted', by, all: all && !scope.limited && removable.length === rows.length });
    return removable.length;
  }

  private async row(id: string, scope: CameraScope): Promise<RecordingRow> {
    const row = await this.deps.recordings.get(id);
    if (!row || !scope.allows(row.camera)) throw new AppError('NOT_FOUND', 'recording not found');
    return row;
  }

  /** Issue 21: a file still being written has no row yet; its folder names its camera. */
  private pendingInScope(relative: string, scope: CameraScope): boolean {
    const folder = relative.split('/')[0];
    return (scope.names(this.deps.config.get().cameras) ?? []).some((name) => cameraFolder(name) === folder) || !scope.limited;
  }

  /**
   * A recording's file for /files/recordings/…: the path finds its row, the row its root (the directory it was
   * written under, whatever `recordings.path` says now). No row and nothing being written: 404.
   */
  async file(relative: string, scope: CameraScope = CameraScope.ALL): Promise<RecordingFile> {
    const row = await this.deps.recordings.byPath(relative);
    if (row ? !scope.allows(row.camera) : !this.pendingInScope(relative, scope)) throw new AppError('FILE_NOT_FOUND', 'file not found');
    // A span's video is assembled from the footage; its thumbnail is a real file like any other (written, or
    // still being written, under the row's root).
    if (row?.span && row.file === relative) return spanFile(this.spans, row);
    const pending = this.pending.get(relative);
    const root = row ? this.filesOf(row) : pending ? this.deps.files.at(pending.root) : null;
    if (!root) throw new AppError('FILE_NOT_FOUND', 'file not found');
    let info = await root.info(relative);
    const writing = pending?.written;
    if (!info && writing) {
      // The notification links the thumbnail as soon as the event starts; the picture follows with the
      // camera's next keyframe. Holding the request briefly beats a broken image and a console 404.
      await new Promise<void>((resolve) => {
        const cancel = this.deps.clock.setTimer(PENDING_FILE_WAIT_MS, resolve);
        void writing.finally(() => {
          cancel();
          resolve();
        });
      });
      info = await root.info(relative);
    }
    if (!info) throw new AppError('FILE_NOT_FOUND', 'file not found');
    return info;
  }

  /** The recorder announces a file it is about to write under `root`; requests for it wait until `written` settles. */
  writing(relative: string, root: string, written: Promise<unknown>): void {
    this.pending.set(relative, { root, written });
    const forget = () => {
      if (this.pending.get(relative)?.written === written) this.pending.delete(relative);
    };
    written.then(forget, forget);
  }

  /** Where a recording starting now goes: the directory in use now (the row keeps it, so a later path change cannot lose it). */
  currentRoot(): RecordingRoot {
    return this.deps.files.at(this.deps.files.dir);
  }

  /** The recorder starts a clip or snapshot: its row, 'recording' until it ends (recover() settles it after a crash). */
  /** Image analysis labels of an event this clip holds (recording-labels.ts). */
  addLabels = (id: string, labels: readonly string[]): Promise<void> => addRecordingLabels(this.deps.recordings, id, labels);

  async begin(row: RecordingRow): Promise<void> {
    await this.deps.recordings.insert(row);
  }

  /**
   * Writing a clip failed: what reached the disk stays, marked interrupted. A failed write (ENOSPC) can leave a torn
   * box: a video is cut to its last whole fragment like crash recovery does, and keeps the length that was written
   * instead of 0 (probe #15).
   */
  async interrupt(row: RecordingRow): Promise<void> {
    const files = this.filesOf(row);
    const scan = row.type === 'Video' ? await files.scanClip(row.file, true).catch(() => null) : null;
    const written = { size_bytes: scan?.size ?? (await files.size(row.file)), duration_ms: scan?.durationMs ?? 0 };
    await this.deps.recordings.update(row.id, { status: 'interrupted', ...written });
  }

  /** A recording ended: its outcome, the thumbnail if written, the labels stored meanwhile (analysis), RecordingCompleted. */
  async complete(row: RecordingRow, changes: Pick<RecordingRow, 'status' | 'size_bytes' | 'duration_ms'>): Promise<Recording> {
    const thumbnailSize = row.thumbnail && row.thumbnail !== row.file ? await this.filesOf(row).size(row.thumbnail) : 1;
    const thumbnail = thumbnailSize > 0 ? row.thumbnail : null;
    await this.deps.recordings.update(row.id, { ...changes, thumbnail });
    const stored = await this.deps.recordings.get(row.id);
    const recording = this.present({ ...row, ...changes, thumbnail, label: stored?.label ?? row.label, labels: stored?.labels ?? null });
    this.deps.bus.publish('RecordingCompleted', { recording });
    return recording;
  }

  /** The files of a recording: under its own root. */
  filesOf(row: Pick<RecordingRow, 'root'>): RecordingRoot {
    // A null root only exists between the 0005 migration and the start-up fill (context.ts): the current directory.
    return this.deps.files.at(row.root ?? this.deps.files.dir);
  }

  stream(file: RecordingFile, range?: { start: number; end: number }): NodeJS.ReadableStream {
    return file.virtual ? file.virtual.open(range) : this.deps.files.stream(file.path, range);
  }

  /**
   * Rows a crash left in 'recording': the clip on disk is cut after its last whole fragment (so it plays), its
   * size and duration read from the fragments, and the row becomes 'interrupted'.
   */
  async recover(): Promise<number> {
    const rows = await this.deps.recordings.withStatus('recording');
    for (const row of rows) {
      const files = this.filesOf(row);
      if (row.type === 'Video') {
        const scan = await files.scanClip(row.file, true);
        await this.deps.recordings.update(row.id, { status: 'interrupted', size_bytes: scan?.size ?? 0, duration_ms: scan?.durationMs ?? 0 });
      } else {
        await this.deps.recordings.update(row.id, { status: 'interrupted', size_bytes: await files.size(row.file) });
      }
      if (row.thumbnail && (await files.size(row.thumbnail)) === 0) await this.deps.recordings.update(row.id, { thumbnail: null });
    }
    return rows.length;
  }

  /** Runs the retention rules every `everyMs` (and once now). */
  startSweep(onError: (error: unknown) => void, everyMs = 10 * 60_000): void {
    // A plain interval (not the injected clock): a periodic chore; tests call enforceRetention() directly.
    this.enforceRetention().catch(onError);
    const interval = setInterval(() => void this.enforceRetention().catch(onError), everyMs);
    interval.unref();
    this.cancelSweep = () => clearInterval(interval);
  }

  stop(): void {
    this.cancelSweep?.();
    this.cancelSweep = null;
  }

  /** Applies the retention rules now (one run at a time; a call during a run waits for it and runs again). */
  enforceRetention(): Promise<RetentionResult> {
    return this.retention.enforce();
  }

  private async remove(rows: readonly RecordingRow[], cause: Pick<DomainEvents['RecordingsRemoved'], 'why' | 'by'> & { all?: boolean }): Promise<void> {
    if (rows.length === 0 && !cause.all) return;
    const ids = rows.map((row) => row.id);
    await this.deps.recordings.delete(ids);
    await this.deps.notifications.unlinkRecordings(ids);
    for (const row of rows) {
      const files = this.filesOf(row);
      await files.remove(row.file);
      if (row.thumbnail !== row.file) await files.remove(row.thumbnail);
    }
    const cameras = [...new Set(rows.map((row) => row.camera))];
    this.deps.bus.publish('RecordingsRemoved', { ids: cause.all ? null : ids, count: rows.length, cameras, why: cause.why, by: cause.by });
  }
}
