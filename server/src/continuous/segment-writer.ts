import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { Consumer, InitSegment, MediaFragment } from '../media/index.js';
import { cameraFolder, type RecordingRoot } from '../repositories/recording-files.repository.js';
import { hourFolder, placeSegment } from './segment-clock.js';
import { SegmentFile } from './segment-file.js';
import type { SegmentIndex, SegmentRow } from './segment-index.js';

export interface WriterLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

/** What a camera's writer needs from the module (shared by every camera). */
export interface WriterDeps {
  nodeId: string;
  index: SegmentIndex;
  /** The recordings directory new segments go to (read per segment: a changed path applies to the next one). */
  root: () => RecordingRoot;
  clock: Clock;
  log: WriterLog;
  /** Target length: a segment is cut at the first keyframe after it. */
  segmentMs: () => number;
  syncEveryMs: number;
  /** No fragment for this long = an outage: the segment ends there (a gap, never made-up footage). */
  gapMs: number;
  /** Where a camera's footage ends so far (segments never start before it). */
  lastEnd: (camera: string) => number | null;
  /** A segment was finished (or dropped): the module updates its end and the usage totals. */
  finished: (row: SegmentRow) => void;
  /** Motion and event flags of [start, end] for the retention tiers. */
  flags: (camera: string, start: number, end: number) => { motion: 0 | 1; motion_score: number; event: 0 | 1 };
}

/** Fragments written per batch (seconds of video): bounds what a killed process loses besides ffmpeg's in-flight 100 ms. */
const BATCH_SECONDS = 1;
/** After a failed write (a full disk), nothing is tried for this long. */
const RETRY_AFTER_MS = 5_000;

interface Open {
  row: SegmentRow;
  file: SegmentFile;
  init: InitSegment;
  /** Fixed at the open: a changed recordings path applies to the next segment. */
  root: RecordingRoot;
  /**
   * After an outage or a start, ffmpeg's first fragments come in a burst (what it buffered while probing), so
   * the open time says little: such a segment is placed by its end (the wall time of its last fragment) at close,
   * never before `previousEnd`.
   */
  anchorByEnd: boolean;
  previousEnd: number | null;
}

/**
 * One camera's continuous recording: reads the hub's fMP4 (init + fragments, `-c copy` upstream, no second RTSP
 * session) from a 'recorder' consumer and writes standalone segment files (init + fragments), indexed as they
 * open ('writing') and close ('complete'). All work runs on one chain, so an outage reported by the stream state
 * closes the open segment between two fragments.
 */
export class SegmentWriter {
  private current: Open | null = null;
  private init: InitSegment | null = null;
  private lastFragmentAt = 0;
  /** Wall time (this clock) at which the last fragment written had arrived complete. */
  private lastWallEnd = 0;
  private contiguous = false;
  private failedAt = -Infinity;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly camera: string,
    readonly stream: 'main' | 'sub',
    private readonly consumer: Consumer,
    private readonly deps: WriterDeps,
  ) {}

  /** Reads until the consumer closes; the open segment is finished at the end. */
  async run(): Promise<void> {
    try {
      for (let item = await this.consumer.read(); item; item = await this.consumer.read()) {
        const next = item;
        await this.enqueue(() => (next.type === 'init' ? this.onInit(next) : this.onFragment(next)));
      }
    } finally {
      await this.enqueue(() => this.close(false));
    }
  }

  /** The stream went offline: end the segment now (the next one starts after the gap). */
  outage(): Promise<void> {
    return this.enqueue(() => this.close(false));
  }

  stop(): void {
    this.consumer.close();
  }

  /** The segment being written, with its end so far (the timeline shows it). */
  live(): { id: string; start: number; end: number } | null {
    const open = this.current;
    return open ? { id: open.row.id, start: open.row.start_ms, end: open.row.start_ms + Math.round(open.file.mediaSeconds * 1000) } : null;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async onInit(init: InitSegment): Promise<void> {
    // New codec parameters: the segment ends; the next starts with the new init (HLS gets a new EXT-X-MAP).
    if (this.current && !this.current.init.data.equals(init.data)) await this.close(true);
    this.init = init;
  }

  private async onFragment(fragment: MediaFragment): Promise<void> {
    const now = this.deps.clock.now();
    const gap = this.lastFragmentAt > 0 && now - this.lastFragmentAt > this.deps.gapMs;
    this.lastFragmentAt = now;
    if (gap) await this.close(false);
    const open = this.current;
    if (open && fragment.keyframe && open.file.mediaSeconds * 1000 >= this.deps.segmentMs()) await this.close(true);
    try {
      if (!this.current) {
        if (!fragment.keyframe || !this.init || now - this.failedAt < RETRY_AFTER_MS) return;
        await this.open(this.init, fragment, now);
      }
      await this.current?.file.writeFragment(fragment.data, fragment.duration);
      this.lastWallEnd = now - Math.max(0, Date.now() - fragment.receivedAt);
    } catch (error) {
      this.failedAt = now;
      this.deps.log.warn({ camera: this.camera, err: error }, 'writing a continuous segment failed');
      await this.close(false, true);
    }
  }

  private async open(init: InitSegment, first: MediaFragment, now: number): Promise<void> {
    // The fragment may be older than now (the buffered GOP a new consumer starts with): its age counts.
    const age = Math.max(0, Date.now() - first.receivedAt);
    const previousEnd = this.deps.lastEnd(this.camera);
    const start = placeSegment(now - age - first.duration * 1000, previousEnd, this.contiguous);
    const root = this.deps.root();
    const id = randomUUID();
    const file = `segments.d/${cameraFolder(this.camera)}/${hourFolder(start)}/${start}-${id.slice(0, 8)}.mp4`;
    const row: SegmentRow = {
      id, node_id: this.deps.nodeId, camera: this.camera, stream: this.stream, start_ms: start, end_ms: start, bytes: 0,
      init_bytes: init.data.length, init_hash: createHash('sha1').update(init.data).digest('hex').slice(0, 16),
      root: root.dir, file, motion: 0, motion_score: 0, event: 0, status: 'writing',
    };
    // The row first: a crash after it leaves a row the start-up repair settles; never a file nobody knows of.
    await this.deps.index.insert(row);
    let handle;
    try {
      handle = await root.openForWriting(file);
    } catch (error) {
      await this.deps.index.delete([id]);
      throw error;
    }
    const segment = new SegmentFile(handle, () => this.deps.clock.now(), this.deps.syncEveryMs, BATCH_SECONDS);
    this.current = { row, file: segment, init, root, anchorByEnd: !this.contiguous, previousEnd };
    await segment.writeInit(init.data);
  }

  /** Ends the open segment: synced, closed, indexed with its media duration and flags (dropped when it holds nothing). */
  private async close(contiguous: boolean, failed = false): Promise<void> {
    const open = this.current;
    this.contiguous = contiguous;
    if (!open) return;
    this.current = null;
    const { row, file, root } = open;
    try {
      await file.close();
    } catch (error) {
      failed = true;
      this.deps.log.warn({ camera: this.camera, err: error }, 'closing a continuous segment failed');
    }
    if (file.fragments === 0) {
      await this.deps.index.delete([row.id]);
      await root.remove(row.file);
      this.deps.finished({ ...row, status: 'dropped' });
      return;
    }
    if (failed) {
      // A torn box at the end (ENOSPC): the file is cut to its last whole fragment, like after a crash.
      const scan = await root.scanClip(row.file, true).catch(() => null);
      const done = { ...row, end_ms: row.start_ms + (scan?.durationMs ?? 0), bytes: scan?.size ?? file.bytes, status: 'interrupted' };
      await this.deps.index.update(row.id, { end_ms: done.end_ms, bytes: done.bytes, status: done.status });
      this.deps.finished(done);
      return;
    }
    const length = Math.round(file.mediaSeconds * 1000);
    const start = open.anchorByEnd ? Math.min(row.start_ms, Math.max(open.previousEnd ?? -Infinity, Math.round(this.lastWallEnd) - length)) : row.start_ms;
    const end = start + length;
    const flags = this.deps.flags(this.camera, start, end);
    const done: SegmentRow = { ...row, start_ms: start, end_ms: end, bytes: file.bytes, status: 'complete', ...flags };
    await this.deps.index.finish(row.id, { start_ms: start, end_ms: end, bytes: file.bytes, status: 'complete', ...flags });
    this.deps.finished(done);
  }
}
