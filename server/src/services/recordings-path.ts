import type { ValidationMessage } from '@homecam/shared';
import { isAbsolute, relative, sep } from 'node:path';

/** Written into a directory when HomeCam adopts it for recordings: marks it as ours for a later change back. */
export const RECORDINGS_MARKER = '.homecam-recordings';

/** System trees: the recordings (which HomeCam may delete) never go in or under them. */
const SYSTEM_TREES = ['/etc', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/boot', '/dev', '/proc', '/sys', '/run'];
/**
 * Directories that may hold a recordings folder below them but are never one themselves. Below /var a package
 * layout such as /var/lib/homecam/recordings is allowed; /var/lib itself is not empty and so refused anyway.
 */
const SYSTEM_DIRS = ['/', '/var', '/root', '/home', '/tmp', '/mnt', '/media', '/srv', '/opt'];

/** `inner` is `outer` or inside it (both resolved, absolute). */
export function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export interface PathFacts {
  /** The requested path with symlinks resolved (its nearest existing parent realpath'd, the rest appended). */
  resolved: string;
  /** The data directory, resolved. */
  dataDir: string;
  /** HomeCam's own directories inside the data directory that are not for recordings (photos), resolved. */
  reserved: readonly string[];
  /** The user's home directory, resolved. */
  home: string;
  /** null when the directory does not exist yet; else its entries. */
  entries: readonly string[] | null;
  /** Recordings rows (or the default recordings directory) already live there. */
  knownRoot: boolean;
}

/**
 * Why a directory may not become the recordings directory, or null when it may. HomeCam writes and deletes
 * files there, so it must be a new or empty directory or one it already owns, never a system directory, the
 * data directory, a parent of either, or the photos directory.
 */
export function recordingsPathRefusal(facts: PathFacts): ValidationMessage | null {
  const { resolved } = facts;
  if (SYSTEM_TREES.some((tree) => isWithin(resolved, tree))) return 'PATH_FORBIDDEN';
  const protectedDirs = [...SYSTEM_DIRS, facts.home, facts.dataDir];
  // The directory itself or any parent of it (a parent of /etc is /, a parent of the data dir holds the database).
  if (protectedDirs.some((dir) => isWithin(dir, resolved))) return 'PATH_FORBIDDEN';
  if (SYSTEM_TREES.some((tree) => isWithin(tree, resolved))) return 'PATH_FORBIDDEN';
  if (facts.reserved.some((dir) => isWithin(resolved, dir) || isWithin(dir, resolved))) return 'PATH_FORBIDDEN';
  if (facts.entries === null || facts.entries.length === 0) return null;
  if (facts.knownRoot || facts.entries.includes(RECORDINGS_MARKER)) return null;
  return 'PATH_NOT_EMPTY';
}
