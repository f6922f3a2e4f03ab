import { cameraRecording, type Camera } from '@homecam/shared';
import type { Consumer } from '../media/index.js';
import { SegmentWriter, type WriterDeps } from './segment-writer.js';
import type { SegmentRow } from './segment-index.js';

/** The recorder's queue: generous, a slow disk must not drop fragments (the same bounds as event clips). */
export const CONTINUOUS_QUEUE = { maxSeconds: 30, maxBytes: 64 * 1024 * 1024, maxItems: 4096 };

export interface RecorderDeps extends Omit<WriterDeps, 'lastEnd' | 'finished'> {
  /** A 'recorder' consumer of the camera's hub stream (resolves once the hub has the camera). */
  attach: (camera: string, stream: 'main' | 'sub', label: string) => Promise<Consumer>;
  /** Footage ends per camera at start (from the index). */
  lastEnds: Map<string, number>;
  /** Each finished segment (usage totals, retention). */
  onSegment: (row: SegmentRow) => void;
}

interface Running {
  writer: SegmentWriter;
  done: Promise<void>;
}

/**
 * Keeps one SegmentWriter per camera whose recording mode is `continuous` (enabled, not in privacy mode), in step
 * with the camera list: a camera switched to continuous starts recording, one switched away (or removed) stops
 * with its last segment finished, a changed stream restarts it.
 */
export class ContinuousRecorder {
  private readonly running = new Map<string, Running>();
  private sync: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: RecorderDeps) {}

  /** Applies a camera list (serialised with earlier calls). */
  apply(cameras: readonly Camera[]): Promise<void> {
    this.sync = this.sync.then(() => this.reconcile(cameras)).catch((error: unknown) => this.deps.log.warn({ err: error }, 'following the cameras failed'));
    return this.sync;
  }

  /** The segment being written for a camera, if any. */
  live(camera: string): { id: string; start: number; end: number } | null {
    return this.running.get(camera)?.writer.live() ?? null;
  }

  recording(camera: string): boolean {
    return this.running.has(camera);
  }

  /** The camera's stream went offline: its open segment ends now. */
  outage(camera: string, stream: 'main' | 'sub'): void {
    const running = this.running.get(camera);
    if (running && running.writer.stream === stream) void running.writer.outage().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.sync;
    await Promise.all([...this.running.keys()].map((camera) => this.stopWriter(camera)));
  }

  private async reconcile(cameras: readonly Camera[]): Promise<void> {
    const wanted = new Map<string, 'main' | 'sub'>();
    for (const camera of cameras) {
      const settings = cameraRecording(camera);
      if (settings.mode !== 'continuous' || camera.disable || camera.privacyMode) continue;
      // The sub stream only where the camera has one.
      wanted.set(camera.name, settings.stream === 'sub' && camera.videoConfig.subSource ? 'sub' : 'main');
    }
    for (const [camera, running] of this.running) {
      if (wanted.get(camera) !== running.writer.stream) await this.stopWriter(camera);
    }
    for (const [camera, stream] of wanted) {
      if (this.closed || this.running.has(camera)) continue;
      await this.startWriter(camera, stream);
    }
  }

  private async startWriter(camera: string, stream: 'main' | 'sub'): Promise<void> {
    let consumer: Consumer;
    try {
      consumer = await this.deps.attach(camera, stream, 'continuous');
    } catch (error) {
      this.deps.log.warn({ camera, err: error }, 'continuous recording could not attach to the stream');
      return;
    }
    const lastEnds = this.deps.lastEnds;
    const writer = new SegmentWriter(camera, stream, consumer, {
      ...this.deps,
      lastEnd: (name) => lastEnds.get(name) ?? null,
      finished: (row) => {
        if (row.status !== 'dropped') lastEnds.set(row.camera, Math.max(lastEnds.get(row.camera) ?? 0, row.end_ms));
        this.deps.onSegment(row);
      },
    });
    const done = writer.run().catch((error: unknown) => this.deps.log.warn({ camera, err: error }, 'continuous recording ended with an error'));
    this.running.set(camera, { writer, done });
    this.deps.log.info({ camera, stream }, 'continuous recording started');
    // The consumer ended by itself (camera removed from the hub): forget it, the next camera change re-attaches.
    void done.then(() => {
      if (this.running.get(camera)?.writer === writer) this.running.delete(camera);
    });
  }

  private async stopWriter(camera: string): Promise<void> {
    const running = this.running.get(camera);
    if (!running) return;
    running.writer.stop();
    await running.done;
    this.running.delete(camera);
    this.deps.log.info({ camera }, 'continuous recording stopped');
  }
}
