import type { RecordingFilesRepository } from '../repositories/recording-files.repository.js';
import type { SegmentIndex } from './segment-index.js';

/**
 * Start-up repair: segments a crash or kill left 'writing' on this node are cut to their last whole fragment
 * (the same scan event clips get, RecordingRoot.scanClip) and indexed as 'interrupted' with the duration their
 * fragments hold; one without a single fragment (or without a file) goes. Returns how many were repaired.
 */
export async function repairSegments(index: SegmentIndex, files: RecordingFilesRepository, nodeId: string): Promise<{ repaired: number; dropped: number }> {
  let repaired = 0;
  let dropped = 0;
  for (const row of await index.writing(nodeId)) {
    const root = files.at(row.root);
    const scan = await root.scanClip(row.file, true).catch(() => null);
    if (!scan || scan.fragments === 0) {
      await root.remove(row.file);
      await index.delete([row.id]);
      dropped += 1;
      continue;
    }
    // Placed by its end: the file's last write. Its start as opened can be late by ffmpeg's first burst.
    const written = await root.modifiedAt(row.file);
    const previous = await index.endBefore(row.camera, row.start_ms);
    const start = written === null ? row.start_ms : Math.min(row.start_ms, Math.max(previous ?? -Infinity, written - scan.durationMs));
    await index.update(row.id, { status: 'interrupted', bytes: scan.size, start_ms: start, end_ms: start + scan.durationMs });
    repaired += 1;
  }
  return { repaired, dropped };
}
