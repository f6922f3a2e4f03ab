/** `03:04:05` under a day; the days are said separately (translated) by the caller. */
export function splitUptime(totalSeconds: number): { days: number; time: string } {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const pad = (value: number) => String(value).padStart(2, '0');
  return { days, time: `${pad(Math.floor(rest / 3_600))}:${pad(Math.floor((rest % 3_600) / 60))}:${pad(rest % 60)}` };
}

/** Share of the disk in use, 0–100, or null when free/total are unknown. */
export function usedPercent(freeBytes: number | null, totalBytes: number | null): number | null {
  if (freeBytes === null || totalBytes === null || totalBytes <= 0) return null;
  return Math.min(100, Math.max(0, ((totalBytes - freeBytes) / totalBytes) * 100));
}
