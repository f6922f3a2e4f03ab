import type { ExportJob } from '@homecam/shared';

/**
 * An export's new state (from `exportProgress` or an answer) merged into the cached list: the same id is replaced
 * in place, a new one goes first (the list is newest first); a report older than what is held (progress arriving
 * after `done`) changes nothing.
 */
export function upsertExport(list: readonly ExportJob[], job: ExportJob): ExportJob[] {
  const index = list.findIndex((entry) => entry.id === job.id);
  if (index === -1) return [job, ...list];
  const held = list[index]!;
  if (isFinished(held) && !isFinished(job)) return [...list];
  if (held.status === job.status && job.progress < held.progress) return [...list];
  return list.map((entry, i) => (i === index ? job : entry));
}

export function isFinished(job: Pick<ExportJob, 'status'>): boolean {
  return job.status === 'done' || job.status === 'failed';
}

/** Progress as a whole percentage (0–100) for a bar and its label. */
export function progressPercent(job: Pick<ExportJob, 'status' | 'progress'>): number {
  if (job.status === 'done') return 100;
  return Math.max(0, Math.min(100, Math.round(job.progress * 100)));
}

/**
 * The name an export gets unless the user types one: the camera and the local start time (`Yard 2026-11-28 10.15`);
 * for several cameras the time alone, to which the server adds each camera (`2026-11-28 10.15 (Yard)`).
 */
export function defaultExportName(cameras: readonly string[], from: number): string {
  const date = new Date(from);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}.${pad(date.getMinutes())}`;
  return (cameras.length === 1 ? `${cameras[0]!} ${when}` : when).slice(0, 120);
}

/** Why an export range cannot be asked for (history:export.issues.<key>), or null when it can. */
export type ExportIssue = 'noCamera' | 'rangeEmpty' | 'rangeTooLong' | 'inFuture';

export function exportIssue(range: { start: number; end: number } | null, cameras: readonly string[], now: number, maxMs: number): ExportIssue | null {
  if (cameras.length === 0) return 'noCamera';
  if (!range || range.end <= range.start) return 'rangeEmpty';
  if (range.end - range.start > maxMs) return 'rangeTooLong';
  if (range.start >= now) return 'inFuture';
  return null;
}

/** The range an export starts with: 90 s around the play head (30 s before it), else the last 90 s; never past now. */
export function defaultExportRange(playhead: number | null, now: number): { start: number; end: number } {
  const end = Math.min(now, playhead !== null ? playhead + 60_000 : now);
  return { start: Math.round(end - 90_000), end: Math.round(end) };
}
