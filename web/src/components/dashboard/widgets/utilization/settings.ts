import { z } from 'zod';

export const UTILIZATION_WIDGET_MINUTES = [5, 15, 30, 60] as const;
export const UTILIZATION_WIDGET_SERIES = ['cpu', 'memory', 'both'] as const;

export const utilizationWidgetSettingsSchema = z.object({
  /** Which chart: CPU (system vs HomeCam), memory (used vs HomeCam RSS), or both. */
  series: z.enum(UTILIZATION_WIDGET_SERIES),
  /** The last this many minutes of the server's hour of samples. */
  minutes: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)]),
});
export type UtilizationWidgetSettings = z.infer<typeof utilizationWidgetSettingsSchema>;

export const UTILIZATION_WIDGET_DEFAULTS: UtilizationWidgetSettings = { series: 'cpu', minutes: 15 };

/** The samples of the last `minutes` before the newest one. */
export function lastMinutes<T extends { t: number }>(samples: readonly T[], minutes: number): T[] {
  const newest = samples.at(-1)?.t;
  if (newest === undefined) return [];
  const from = newest - minutes * 60_000;
  return samples.filter((s) => s.t >= from);
}
