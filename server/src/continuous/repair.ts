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
    await index.update(row.id, { status: 'interrupted', bytes: scan.size, end_ms: row.start_ms + scan.durationMs });
    repaired += 1;
  }
  return { repaired, dropped };
}
