import { z } from 'zod';

/**
 * Backup and restore (Settings → Backup). The archive is a gzip tar: `manifest.json` first, then
 * `database.sqlite` (an online copy), `config.json`, `photos/…` and, when asked, `recordings/…`.
 */

/** The browser keys a backup carries so a restore brings back this browser's layout and theme. */
export const BACKUP_LOCAL_STORAGE_KEYS = ['dashboard-layout', 'camview-layouts', 'theme', 'theme-color', 'darkmode', 'language'] as const;
export type BackupLocalStorageKey = (typeof BACKUP_LOCAL_STORAGE_KEYS)[number];

/** One value at most this long, all of them together at most BACKUP_LOCAL_STORAGE_MAX_BYTES (it travels in a URL). */
export const BACKUP_LOCAL_STORAGE_MAX_VALUE = 16_000;
export const BACKUP_LOCAL_STORAGE_MAX_BYTES = 32_000;

export const backupLocalStorageSchema = z
  .object(Object.fromEntries(BACKUP_LOCAL_STORAGE_KEYS.map((key) => [key, z.string().max(BACKUP_LOCAL_STORAGE_MAX_VALUE).optional()])) as Record<
    BackupLocalStorageKey,
    z.ZodOptional<z.ZodString>
  >)
  .strict();
export type BackupLocalStorage = z.infer<typeof backupLocalStorageSchema>;

/** Archive format this server writes and reads. */
export const BACKUP_FORMAT = 1;

export const backupManifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    app: z.literal('homecam'),
    version: z.string().max(64),
    createdAt: z.string().max(40),
    /** The number of database migrations applied in the archived database. */
    schemaVersion: z.number().int().min(1),
    includes: z.object({ recordings: z.boolean() }).strict(),
    /** Made for a non-admin: no secrets, password hashes, sessions, push subscriptions or VAPID keys. */
    redacted: z.boolean(),
    localStorage: backupLocalStorageSchema,
    /** The recordings directory the clips came from (rows of the database name it as their root). */
    recordingsRoot: z.string().max(4096).nullable(),
    files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }).strict(),
    /** SHA-256 (hex) of database.sqlite, config.json and each photo: the files that carry accounts and secrets. */
    sha256: z.record(z.string().max(300), z.string().regex(/^[0-9a-f]{64}$/)),
    /** HMAC-SHA-256 over the manifest without this field, with this install's key (never in a backup). */
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupDownloadQuerySchema = z.object({
  recordings: z.enum(['true', 'false']).optional(),
  /** JSON of backupLocalStorageSchema. */
  localStorage: z.string().max(BACKUP_LOCAL_STORAGE_MAX_BYTES).optional(),
});

/** 202 of POST /api/backup/restore: the archive is staged; the server restarts and swaps it in before opening anything. */
export const restoreResponseSchema = z.object({ restarting: z.literal(true), localStorage: backupLocalStorageSchema });
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

/** Daily database copies: `homecam-db-YYYY-MM-DD.sqlite` in `<data>/backups`. */
export const AUTOMATIC_BACKUP_NAME = /^homecam-db-\d{4}-\d{2}-\d{2}\.sqlite$/;
export const AUTOMATIC_BACKUP_HOUR = 12;
export const AUTOMATIC_BACKUP_KEEP_DAYS = 7;

export const automaticBackupSchema = z.object({ name: z.string(), size: z.number().int(), createdAt: z.string() });
export type AutomaticBackup = z.infer<typeof automaticBackupSchema>;
export const automaticBackupListSchema = z.array(automaticBackupSchema);
export const automaticBackupParamsSchema = z.object({ name: z.string().regex(AUTOMATIC_BACKUP_NAME) });

/** An uploaded archive may be this large (recordings make it big); more than the free disk space is refused too. */
export const BACKUP_RESTORE_MAX_BYTES = 64 * 1024 ** 3;
/** At most this many entries in an archive, and one entry at most this large. */
export const BACKUP_MAX_ENTRIES = 200_000;
export const BACKUP_MAX_ENTRY_BYTES = 16 * 1024 ** 3;
