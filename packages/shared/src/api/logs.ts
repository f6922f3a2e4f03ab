import { z } from 'zod';

/**
 * The server log as the Console (/console, admin) and the dashboard's Console widget see it (issue 8).
 * Every pino record becomes one entry, secrets already scrubbed: the same entries are kept in a bounded ring
 * (GET /api/system/log), pushed to admin sockets in batches (`logMessage`) and written to <data>/logs/homecam.log
 * (GET /api/system/log/download).
 */
export const LOG_ENTRY_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export const logEntryLevelSchema = z.enum(LOG_ENTRY_LEVELS);
export type LogEntryLevel = z.infer<typeof logEntryLevelSchema>;

/**
 * Where a record came from: `http` = request logs (debug) and refusals, the four triggers, `motion` = motion and
 * doorbell events, the recorder, `camera` = one camera's changes and streams, `push` = web push, `users` = sign-ins,
 * accounts and permissions, `alerts` = alert deliveries (Telegram, webhook, Alexa, MQTT), `system` = the rest.
 */
export const LOG_SOURCES = ['http', 'mqtt', 'smtp', 'ftp', 'http-trigger', 'motion', 'recordings', 'camera', 'push', 'users', 'alerts', 'system'] as const;
export const logSourceSchema = z.enum(LOG_SOURCES);
export type LogSource = z.infer<typeof logSourceSchema>;

export const logEntrySchema = z.object({
  /** Increases by one per entry since the server started: the client's key and order. */
  seq: z.number().int().nonnegative(),
  time: z.iso.datetime(),
  level: logEntryLevelSchema,
  source: logSourceSchema,
  /** The camera the record is about, when it names one. */
  camera: z.string().optional(),
  /** The record's message plus its useful fields (`key=value`), secrets masked. */
  message: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** How many entries the server keeps in memory (also the largest `limit`). */
export const LOG_RING_SIZE = 2_000;
export const LOG_DEFAULT_LIMIT = 500;

/** GET /api/system/log?limit=N: the newest N entries of the ring, oldest first. */
export const logQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LOG_RING_SIZE).default(LOG_DEFAULT_LIMIT),
});
export type LogQuery = z.infer<typeof logQuerySchema>;

export const logResponseSchema = z.object({ entries: z.array(logEntrySchema) });
export type LogResponse = z.infer<typeof logResponseSchema>;

/** The file name GET /api/system/log/download offers. */
export const LOG_DOWNLOAD_NAME = 'homecam.log';

/** The dashboard's Console widget: how many of the newest lines it shows, and from which level on. */
export const CONSOLE_WIDGET_LINES = [10, 20, 30, 50] as const;
export const consoleWidgetSettingsSchema = z.object({
  lines: z.union(CONSOLE_WIDGET_LINES.map((n) => z.literal(n))).default(20),
  minLevel: logEntryLevelSchema.default('info'),
});
export type ConsoleWidgetSettings = z.infer<typeof consoleWidgetSettingsSchema>;
