import { z } from 'zod';

/** Where an event came from: the motion detector, an external trigger, or the API (manual). */
export const EVENT_SOURCES = ['motion', 'http', 'mqtt', 'smtp', 'ftp', 'api'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

const csv = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)));

/** Filters and cursor pagination shared by GET /api/notifications and GET /api/recordings. */
export const eventListQuerySchema = z.object({
  /** Comma separated (or repeated) camera names. */
  cameras: csv,
  rooms: csv,
  labels: csv,
  types: csv,
  /** ISO-8601 or ms since epoch; inclusive. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** `nextCursor` of the previous page. */
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** DELETE with `{ ids }` removes those; no body (or no ids) removes all. */
export const deleteManySchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(1000).optional() }).nullish();
export const deleteManyResponseSchema = z.object({ removed: z.number().int() });
