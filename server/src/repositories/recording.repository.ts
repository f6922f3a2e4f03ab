import type { Kysely, Selectable } from 'kysely';
import type { Database, RecordingsTable } from '../db/schema.js';
import { applyEventFilter, encodeCursor, type EventFilter, type PageRequest } from './event-query.js';

/** `span` is optional on the way in (0 unless a continuous-mode event sets it). */
export type RecordingRow = Omit<Selectable<RecordingsTable>, 'span'> & { span?: number };
const COLUMNS = { time: 'started_at', type: 'type' };

export class RecordingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: RecordingRow): Promise<void> {
    await this.db.insertInto('recordings').values(row).execute();
  }

  async update(id: string, changes: Partial<Omit<RecordingRow, 'id'>>): Promise<void> {
    await this.db.updateTable('recordings').set(changes).where('id', '=', id).execute();
  }

  async get(id: string): Promise<RecordingRow | undefined> {
    return this.db.selectFrom('recordings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The row whose clip or thumbnail is at this path (relative to its root), for `/files/recordings/…`. Paths hold
   * the recording id, so at most one row matches (a Snapshot's file is its thumbnail).
   */
  async byPath(relative: string): Promise<RecordingRow | undefined> {
    return this.db
      .selectFrom('recordings')
      .selectAll()
      .where((eb) => eb.or([eb('file', '=', relative), eb('thumbnail', '=', relative)]))
      .executeTakeFirst();
  }

  /** Whether any recording was written under this root (then HomeCam owns the directory). */
  async hasRoot(root: string): Promise<boolean> {
    const row = await this.db.selectFrom('recordings').select('id').where('root', '=', root).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Rows without a root (made before 0005) get this one; the number updated. */
  async fillMissingRoot(root: string): Promise<number> {
    const result = await this.db.updateTable('recordings').set({ root }).where('root', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async list(filter: EventFilter, page: PageRequest): Promise<{ rows: RecordingRow[]; nextCursor: string | null }> {
    const rows = await applyEventFilter(this.db.selectFrom('recordings').selectAll(), COLUMNS, filter, page).execute();
    const more = rows.length > page.limit;
    const result = more ? rows.slice(0, page.limit) : rows;
    const last = result.at(-1);
    return { rows: result, nextCursor: more && last ? encodeCursor(last.started_at, last.id) : null };
  }

  async withStatus(status: string): Promise<RecordingRow[]> {
    return this.db.selectFrom('recordings').selectAll().where('status', '=', status).execute();
  }

  async byIds(ids: readonly string[]): Promise<RecordingRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('recordings').selectAll().where('id', 'in', ids).execute();
  }

  async all(): Promise<RecordingRow[]> {
    return this.db.selectFrom('recordings').selectAll().execute();
  }

  /** Finished ones, oldest first (retention). */
  async finishedOldestFirst(): Promise<RecordingRow[]> {
    return this.db.selectFrom('recordings').selectAll().where('status', '!=', 'recording').orderBy('started_at', 'asc').orderBy('id', 'asc').execute();
  }

  async startedBefore(iso: string): Promise<RecordingRow[]> {
    return this.db.selectFrom('recordings').selectAll().where('started_at', '<', iso).where('status', '!=', 'recording').execute();
  }

  async totalSize(): Promise<number> {
    const row = await this.db
      .selectFrom('recordings')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Bytes and number of the recordings the database knows. */
  async usage(): Promise<{ bytes: number; count: number }> {
    const row = await this.db
      .selectFrom('recordings')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('n'), eb.fn.countAll<number>().as('c')])
      .executeTakeFirstOrThrow();
    return { bytes: Number(row.n), count: Number(row.c) };
  }

  async delete(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('recordings').where('id', 'in', ids).execute();
  }
}
