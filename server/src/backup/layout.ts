/**
 * The archive layout, the one place that says which entry names a backup may hold. Anything else (other names,
 * `..`, absolute paths, backslashes, control characters) is refused before a byte is written.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE = 'database.sqlite';
export const CONFIG = 'config.json';
export const PHOTOS = 'photos';
export const RECORDINGS = 'recordings';
/** The HomeKit bridge's keys, pairings and setup code (issue 10): admins' archives only. */
export const HOMEKIT = 'homekit';

/** Files and folders of the data directory a backup touches. */
export const DATA_FILES = { database: 'homecam.db', config: 'config.json', photos: 'photos', homekit: 'homekit' } as const;
export const STAGING_DIR = 'restore-staging';
export const JOURNAL_FILE = 'restore-pending.json';
export const PREVIOUS_PREFIX = 'restore-previous-';
export const UPLOAD_PREFIX = 'restore-upload-';
export const WORK_PREFIX = 'backup-work-';
export const AUTOMATIC_DIR = 'backups';

/** One path segment: 1–255 characters, no slash, backslash or control character. */
function isSegment(part: string): boolean {
  if (part.length === 0 || part.length > 255) return false;
  return [...part].every((char) => char !== '/' && char !== '\\' && char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f);
}

/** True when `name` (as in the tar header, directories possibly ending in `/`) belongs to the layout. */
export function isLayoutPath(name: string, type: 'File' | 'Directory'): boolean {
  const path = name.endsWith('/') && type === 'Directory' ? name.slice(0, -1) : name;
  if (path.length === 0 || path.length > 4096 || path.startsWith('/')) return false;
  const parts = path.split('/');
  if (parts.some((part) => !isSegment(part) || part === '.' || part === '..')) return false;
  const [top] = parts;
  if (parts.length === 1) {
    if (type === 'Directory') return top === PHOTOS || top === RECORDINGS || top === HOMEKIT;
    return top === MANIFEST || top === DATABASE || top === CONFIG;
  }
  if (top === PHOTOS || top === HOMEKIT) return parts.length === 2 && type === 'File';
  return top === RECORDINGS && parts.length <= 8;
}
