import { z } from 'zod';

/** Settings of the "latest N" widgets (notifications, recordings). */
export const latestSettingsSchema = z.object({ count: z.number().int().min(1).max(20) });
export type LatestSettings = z.infer<typeof latestSettingsSchema>;
export const LATEST_DEFAULTS: LatestSettings = { count: 5 };
export const LATEST_CHOICES = [3, 5, 10, 20] as const;
