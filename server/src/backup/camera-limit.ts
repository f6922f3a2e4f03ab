import SQLite from 'better-sqlite3';
import { cameraNameKey } from '@homecam/shared';

/**
 * Issue 21: what a backup made by a user limited to some cameras may hold. `cameras`: their names as config.json
 * spells them (rows hold that spelling); `folders`: the same cameras' folders in the recordings directory.
 */
export interface CameraLimit {
  cameras: readonly string[];
  folders: readonly string[];
}

/** Tables whose rows belong to one camera (`camera` column); notifications of no camera (system) go as well. */
const CAMERA_TABLES = ['notifications', 'recordings', 'segments', 'segment_minutes', 'exports'] as const;

/**
 * Removes every row of another camera from a database copy (then the caller's redaction VACUUMs the file): events,
 * recordings, footage index, review items and their marks, exports, dashboard boards; other users' camera lists
 * keep only these cameras' names. Tables an older copy lacks are skipped.
 */
export function limitDatabase(path: string, limit: CameraLimit): void {
  const db = new SQLite(path);
  try {
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((row) => row.name));
    const names = JSON.stringify(limit.cameras);
    const outside = `camera IS NULL OR camera NOT IN (SELECT value FROM json_each(?))`;
    db.transaction(() => {
      for (const table of CAMERA_TABLES) if (tables.has(table)) db.prepare(`DELETE FROM ${table} WHERE ${outside}`).run(names);
      if (tables.has('review_items')) {
        if (tables.has('review_marks')) db.prepare(`DELETE FROM review_marks WHERE item_id IN (SELECT id FROM review_items WHERE ${outside})`).run(names);
        db.prepare(`DELETE FROM review_items WHERE ${outside}`).run(names);
      }
      // Dashboard boards name cameras in their widgets' settings: none goes (they are a browser's convenience).
      if (tables.has('dashboard_layouts')) db.prepare('DELETE FROM dashboard_layouts').run();
      const userColumns = db.prepare(`SELECT name FROM pragma_table_info('users')`).all() as { name: string }[];
      if (userColumns.some((column) => column.name === 'cameras')) {
        db.prepare(
          `UPDATE users SET cameras = (SELECT json_group_array(value) FROM json_each(users.cameras) WHERE value IN (SELECT value FROM json_each(?))) WHERE cameras IS NOT NULL`,
        ).run(names);
      }
    })();
  } finally {
    db.close();
  }
}

/** config.json (already redacted) with only these cameras, and only their names in the At Home exclude list. */
export function limitConfig(config: Record<string, unknown>, limit: CameraLimit): Record<string, unknown> {
  const keys = new Set(limit.cameras.map(cameraNameKey));
  const named = (value: unknown, name: (item: unknown) => unknown): boolean => {
    const text = name(value);
    return typeof text === 'string' && keys.has(cameraNameKey(text));
  };
  const limited = { ...config };
  if (Array.isArray(config.cameras)) limited.cameras = config.cameras.filter((camera) => named(camera, (c) => (c as { name?: unknown } | null)?.name));
  if (Array.isArray(config.exclude)) limited.exclude = config.exclude.filter((name) => named(name, (n) => n));
  return limited;
}

/**
 * Whether a file of the recordings directory (path relative to it, `/`-separated) goes into the limited archive:
 * a camera's clips (`<folder>/…`), footage and previews (`segments.d/<folder>/…`, `previews.d/<folder>/…`) of these
 * cameras; never exports (`exports.d`, named by id), nor any other folder.
 */
export function recordingInLimit(relative: string, limit: CameraLimit): boolean {
  const [first, second] = relative.split('/');
  const parts = relative.split('/').length;
  if (parts === 1) return false;
  if (first === 'segments.d' || first === 'previews.d') return second !== undefined && limit.folders.includes(second);
  return first !== undefined && limit.folders.includes(first);
}
