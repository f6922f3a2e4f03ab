import type { RecordingRepository } from '../repositories/recording.repository.js';
import { parseLabels } from './notification.service.js';

/**
 * Merges image analysis labels into a recording's: a clip extended by several events keeps all of them, the best
 * of the first analysis stays in `label` (what the list shows). A missing row (deleted meanwhile) is no error.
 */
export async function addRecordingLabels(recordings: RecordingRepository, id: string, labels: readonly string[]): Promise<void> {
  if (labels.length === 0) return;
  const row = await recordings.get(id);
  if (!row) return;
  const merged = [...new Set([...(row.labels ? parseLabels(row.labels) : []), ...labels])];
  await recordings.update(id, { label: merged[0] ?? row.label, labels: JSON.stringify(merged) });
}
