import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import { PREVIEW_GRID_MS, previewCell, previewPath } from './preview.js';
import type { SegmentIndex, SegmentRow } from './segment-index.js';

/**
 * Bytes and segments held per camera, counted once from the index at start and then kept in step with every
 * finished and every deleted segment (the caps are checked every minute: no SUM over millions of rows each time).
 * Deleting a segment removes its file, the cached previews of its minutes and its row.
 */
export class SegmentStore {
  private readonly totals = new Map<string, { bytes: number; segments: number }>();

  constructor(
    private readonly index: SegmentIndex,
    private readonly files: RecordingFilesRepository,
  ) {}

  async load(): Promise<void> {
    this.totals.clear();
    for (const [camera, usage] of await this.index.usage()) this.totals.set(camera, { ...usage });
  }

  /** A segment was finished (a 'dropped' one held nothing). */
  count(row: SegmentRow): void {
    if (row.status === 'dropped') return;
    const total = this.totals.get(row.camera) ?? { bytes: 0, segments: 0 };
    this.totals.set(row.camera, { bytes: total.bytes + row.bytes, segments: total.segments + 1 });
  }

  usage(): ReadonlyMap<string, { bytes: number; segments: number }> {
    return this.totals;
  }

  bytes(): ReadonlyMap<string, number> {
    return new Map([...this.totals].map(([camera, total]) => [camera, total.bytes]));
  }

  async remove(rows: readonly SegmentRow[]): Promise<void> {
    for (const row of rows) {
      const root = this.files.at(row.root);
      await root.remove(row.file);
      for (let cell = previewCell(row.start_ms); cell < row.end_ms; cell += PREVIEW_GRID_MS) await root.remove(previewPath(row.camera, cell));
    }
    await this.index.delete(rows.map((row) => row.id));
    for (const row of rows) {
      const total = this.totals.get(row.camera);
      if (total) this.totals.set(row.camera, { bytes: Math.max(0, total.bytes - row.bytes), segments: Math.max(0, total.segments - 1) });
    }
  }
}
