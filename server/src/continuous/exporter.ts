import type { ExportJob, ExportRequest } from '@homecam/shared';
import { randomUUID } from 'node:crypto';
import type { CameraScope } from '../services/camera-scope.js';
import { AppError } from '../errors/app-error.js';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import { presentExport, type ExportIndex, type ExportRow } from './export-index.js';
import { runExport } from './export-job.js';
import type { SegmentIndex } from './segment-index.js';
import type { WriterLog } from './segment-writer.js';

export interface ExporterDeps {
  exports: ExportIndex;
  segments: SegmentIndex;
  files: RecordingFilesRepository;
  nodeId: string;
  clock: Clock;
  bus: EventBus;
  ffmpeg: () => string;
  log: WriterLog;
  maxSegmentMs: () => number;
}

/** The caller of an export route. */
export interface Caller {
  id: number;
  admin: boolean;
  /** Issue 21: the cameras the caller may see; exports of others are "not found", also their own older ones. */
  scope: CameraScope;
}

const PROGRESS_EVERY_MS = 500;

/**
 * Exports: a range of one or more cameras, each copied (`-c copy`) into an MP4 by a background job, one job at a
 * time. Progress goes to the owner over the socket (ExportProgress) and is stored for GET. The files live under
 * `<recordings>/exports.d/`, HomeCam's, and stay until their owner or an admin deletes them: retention never reads
 * the exports table.
 */
export class Exporter {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: ExporterDeps) {}

  /** Jobs a restart interrupted run again. */
  async start(): Promise<void> {
    for (const row of await this.deps.exports.unfinished(this.deps.nodeId)) this.enqueue(row.id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
  }

  async create(owner: Caller, request: ExportRequest): Promise<ExportJob[]> {
    const jobs: ExportJob[] = [];
    const root = this.deps.files.at(this.deps.files.dir);
    for (const camera of request.cameras) {
      const id = randomUUID();
      const name = request.name ?? `${camera} ${new Date(request.from).toISOString().slice(0, 16).replace('T', ' ')}`;
      const row: ExportRow = {
        id, node_id: this.deps.nodeId, owner_id: owner.id, name: request.cameras.length > 1 && request.name ? `${request.name} (${camera})` : name,
        camera, from_ms: request.from, to_ms: request.to, status: 'queued', progress: 0, bytes: 0, duration_ms: 0,
        root: root.dir, file: `exports.d/${id}.mp4`, error: null, created_ms: this.deps.clock.now(),
      };
      await this.deps.exports.insert(row);
      jobs.push(presentExport(row));
      this.enqueue(id);
    }
    return jobs;
  }

  async list(caller: Caller): Promise<ExportJob[]> {
    return caller.scope.filter(await this.deps.exports.list(caller.admin ? null : caller.id), (row) => row.camera).map(presentExport);
  }

  async get(caller: Caller, id: string): Promise<ExportJob> {
    return presentExport(await this.own(caller, id));
  }

  async rename(caller: Caller, id: string, name: string): Promise<ExportJob> {
    await this.own(caller, id);
    await this.deps.exports.update(id, { name });
    return this.get(caller, id);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const row = await this.own(caller, id);
    await this.deps.exports.delete(id);
    await this.deps.files.at(row.root).remove(row.file);
  }

  /** The finished MP4 of an export, for the download. */
  async file(caller: Caller, id: string): Promise<{ path: string; size: number; name: string }> {
    const row = await this.own(caller, id);
    const info = row.status === 'done' ? await this.deps.files.at(row.root).info(row.file) : null;
    if (!info) throw new AppError('FILE_NOT_FOUND', 'the export is not ready');
    return { path: info.path, size: info.size, name: row.name };
  }

  /** Someone else's export is "not found" for a non-admin: no probing of ids. */
  private async own(caller: Caller, id: string): Promise<ExportRow> {
    const row = await this.deps.exports.get(id);
    if (!row || (!caller.admin && row.owner_id !== caller.id) || !caller.scope.allows(row.camera)) throw new AppError('NOT_FOUND', 'export not found');
    return row;
  }

  private enqueue(id: string): void {
    this.queue = this.queue.then(() => this.run(id)).catch((error: unknown) => this.deps.log.warn({ id, err: error }, 'export failed'));
  }

  private async run(id: string): Promise<void> {
    if (this.stopped) return;
    const row = await this.deps.exports.get(id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await this.change(row, { status: 'running', progress: 0 });
    try {
      const segments = await this.deps.segments.overlapping(row.camera, row.from_ms, row.to_ms, this.deps.maxSegmentMs());
      const inputs = segments.flatMap((segment) => {
        const path = this.deps.files.at(segment.root).resolve(segment.file);
        return path && segment.status !== 'writing' ? [{ path, start: segment.start_ms, end: segment.end_ms }] : [];
      });
      if (inputs.length === 0) throw new Error('no footage in the range');
      const target = this.deps.files.at(row.root).resolve(row.file);
      if (!target) throw new Error('export path outside the recordings directory');
      let sentAt = 0;
      // Progress writes one after another, all before the final one (a late one must not undo 'done').
      let progress = Promise.resolve();
      const result = await runExport(this.deps.ffmpeg(), inputs, row.from_ms, row.to_ms, target, (share) => {
        const now = this.deps.clock.now();
        if (now - sentAt < PROGRESS_EVERY_MS) return;
        sentAt = now;
        progress = progress.then(() => this.change(row, { progress: share })).catch(() => undefined);
      });
      await progress;
      await this.change(row, { status: 'done', progress: 1, bytes: result.bytes, duration_ms: result.durationMs });
    } catch (error) {
      await this.change(row, { status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : String(error) });
    }
  }

  private async change(row: ExportRow, changes: Partial<ExportRow>): Promise<void> {
    Object.assign(row, changes);
    await this.deps.exports.update(row.id, changes);
    this.deps.bus.publish('ExportProgress', { job: presentExport(row) });
  }
}
