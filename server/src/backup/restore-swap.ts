import { cp, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG, DATA_FILES, DATABASE, HOMEKIT, JOURNAL_FILE, PHOTOS, PREVIOUS_PREFIX, RECORDINGS, STAGING_DIR } from './layout.js';

/**
 * The swap at the next start, before config.json or the database are opened. Every step is a rename on the same
 * file system and can be repeated: a crash in the middle resumes forward at the next start; a step that fails
 * rolls everything back. The journal is removed last: that is the commit point.
 */
export interface RestoreJournal {
  createdAt: string;
  previous: string;
  /** Absolute recordings directory the archive's clips go to; null when the archive has none. */
  recordingsDir: string | null;
  /** The archive carries the HomeKit bridge's identity (admins' archives); absent/false keeps the live pairings. */
  homekit?: boolean | undefined;
  /** The photos folder is replaced (an admin's restore); false keeps the live one with the live accounts (absent: true). */
  photos?: boolean | undefined;
}

export type RestoreOutcome =
  | { status: 'none' }
  | { status: 'restored'; previous: string }
  | { status: 'rolled-back'; error: string };

interface Item {
  /** The new version (absent for files that are only put aside, like the database's WAL). */
  staged: string | null;
  target: string;
  aside: string;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** Rename; across file systems (a recordings folder on another disk) copy then delete. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

export function journalPath(dataDir: string): string {
  return join(dataDir, JOURNAL_FILE);
}

function items(dataDir: string, journal: RestoreJournal): Item[] {
  const staging = join(dataDir, STAGING_DIR);
  const db = join(dataDir, DATA_FILES.database);
  const list: Item[] = [
    { staged: join(staging, DATABASE), target: db, aside: join(journal.previous, DATA_FILES.database) },
    { staged: null, target: `${db}-wal`, aside: join(journal.previous, `${DATA_FILES.database}-wal`) },
    { staged: null, target: `${db}-shm`, aside: join(journal.previous, `${DATA_FILES.database}-shm`) },
    { staged: join(staging, CONFIG), target: join(dataDir, DATA_FILES.config), aside: join(journal.previous, CONFIG) },
  ];
  if (journal.photos !== false) list.push({ staged: join(staging, PHOTOS), target: join(dataDir, DATA_FILES.photos), aside: join(journal.previous, PHOTOS) });
  if (journal.homekit) list.push({ staged: join(staging, HOMEKIT), target: join(dataDir, DATA_FILES.homekit), aside: join(journal.previous, HOMEKIT) });
  if (journal.recordingsDir) list.push({ staged: join(staging, RECORDINGS), target: journal.recordingsDir, aside: join(journal.previous, RECORDINGS) });
  return list;
}

async function forward(item: Item): Promise<void> {
  if (item.staged && !(await exists(item.staged))) return; // placed before a crash
  if (await exists(item.target)) {
    // Both there: something unknown sits in the way; never overwrite either, roll back instead.
    if (await exists(item.aside)) throw new Error(`${item.aside} already exists`);
    await move(item.target, item.aside);
  }
  if (item.staged) await move(item.staged, item.target);
}

async function backward(item: Item): Promise<void> {
  if (item.staged && !(await exists(item.staged)) && (await exists(item.target))) await move(item.target, item.staged);
  if ((await exists(item.aside)) && !(await exists(item.target))) await move(item.aside, item.target);
}

export async function writeJournal(dataDir: string, journal: RestoreJournal): Promise<void> {
  const path = journalPath(dataDir);
  await writeFile(`${path}.tmp`, JSON.stringify(journal), { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

export function previousDirName(now: Date): string {
  return `${PREVIOUS_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}`;
}

/** Applies a staged restore if one is pending; never throws for a failed swap (it is rolled back and reported). */
export async function applyPendingRestore(dataDir: string): Promise<RestoreOutcome> {
  let journal: RestoreJournal;
  try {
    journal = JSON.parse(await readFile(journalPath(dataDir), 'utf8')) as RestoreJournal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'none' };
    await rm(journalPath(dataDir), { force: true });
    return { status: 'rolled-back', error: `the restore journal is unreadable: ${String(error)}` };
  }
  const steps = items(dataDir, journal);
  try {
    await mkdir(journal.previous, { recursive: true, mode: 0o700 });
    for (const item of steps) await forward(item);
  } catch (error) {
    for (const item of [...steps].reverse()) await backward(item).catch(() => undefined);
    await finish(dataDir);
    // Only when empty: whatever could not be put back stays there.
    await rmdir(journal.previous).catch(() => undefined);
    return { status: 'rolled-back', error: error instanceof Error ? error.message : String(error) };
  }
  await finish(dataDir);
  return { status: 'restored', previous: journal.previous };
}

async function finish(dataDir: string): Promise<void> {
  await rm(journalPath(dataDir), { force: true });
  await rm(join(dataDir, STAGING_DIR), { recursive: true, force: true });
}
