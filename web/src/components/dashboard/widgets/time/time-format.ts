import { z } from 'zod';

export const timeSettingsSchema = z.object({
  mode: z.enum(['digital', 'analog']),
  hour12: z.boolean(),
  seconds: z.boolean(),
});
export type TimeSettings = z.infer<typeof timeSettingsSchema>;

export const TIME_DEFAULTS: TimeSettings = { mode: 'digital', hour12: false, seconds: true };

/** The clock's time in the user's language, 12 or 24 hours, with or without seconds. */
export function formatClockTime(date: Date, language: string, settings: Pick<TimeSettings, 'hour12' | 'seconds'>): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    ...(settings.seconds ? { second: '2-digit' } : {}),
    hour12: settings.hour12,
  }).format(date);
}

/** The date under the clock, e.g. "Tuesday, 24 November 2026" in the user's language. */
export function formatClockDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** Angles (degrees, clockwise from 12) of the analog clock's hands. */
export function handAngles(date: Date): { hour: number; minute: number; second: number } {
  const seconds = date.getSeconds();
  const minutes = date.getMinutes() + seconds / 60;
  const hours = (date.getHours() % 12) + minutes / 60;
  return { hour: hours * 30, minute: minutes * 6, second: seconds * 6 };
}
