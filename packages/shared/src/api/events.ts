import { z } from 'zod';

/** Where an event came from: the motion detector, an external trigger, or the API (manual). */
export const EVENT_SOURCES = ['motion', 'http', 'mqtt', 'smtp', 'ftp', 'api', 'onvif'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

const csv = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)));

/** The latest instant a JavaScript Date holds (±8.64e15 ms): beyond it a time cannot be compared or stored. */
const MAX_TIME_MS = 8.64e15;

/** ms since epoch (digits) or ISO-8601 → ms; NaN when it is neither or out of a Date's range. */
export function eventTimeMs(value: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS ? ms : Number.NaN;
}

/** A bound of the time filter: refused with VALIDATION_FAILED (not a 500 later) when it is no time. */
const eventTime = z
  .string()
  .max(64)
  .refine((value) => value === '' || !Number.isNaN(eventTimeMs(value)), { message: 'invalid time' })
  .optional();

/** Filters and cursor pagination shared by GET /api/notifications and GET /api/recordings. */
export const eventListQuerySchema = z.object({
  /** Comma separated (or repeated) camera names. */
  cameras: csv,
  rooms: csv,
  labels: csv,
  types: csv,
  /** ISO-8601 or ms since epoch; inclusive. */
  from: eventTime,
  to: eventTime,
  /** `nextCursor` of the previous page. */
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** DELETE with `{ ids }` removes those; no body (or no ids) removes all. */
export const deleteManySchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(1000).optional() }).nullish();
export const deleteManyResponseSchema = z.object({ removed: z.number().int() });
