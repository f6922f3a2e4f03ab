import type { ExportJob } from '@homecam/shared';
import type { Selectable } from 'kysely';
import type { ExportsTable } from '../db/schema.js';
import { num, type IndexDb } from './index-db.js';

export type ExportRow = Selectable<ExportsTable>;

/** The API's view of an export row (the download URL only once the file is complete). */
export function presentExport(row: ExportRow): ExportJob {
  return {
    id: row.id,
    name: row.name,
    camera: row.camera,
    from: num(row.from_ms),
    to: num(row.to_ms),
    status: row.status as ExportJob['status'],
    progress: Number(row.progress),
    bytes: num(row.bytes),
    durationMs: num(row.duration_ms),
    ownerId: num(row.owner_id),
    createdAt: num(row.created_ms),
    error: row.error,
    download: row.status === 'done' ? `/api/exports/${encodeURIComponent(row.id)}/download` : null,
  };
}

/** Export jobs; retention never reads this table. */
export class ExportIndex {
  constructor(private readonly db: IndexDb) {}

  async insert(row: ExportRow): Promise<void> {
    await this.db.insertInto('exports').values(row).execute();
  }

  async update(id: string, changes: Partial<Omit<ExportRow, 'id'>>): Promise<void> {
    await this.db.updateTable('exports').set(changes).where('id', '=', id).execute();
  }

  async get(id: string): Promise<ExportRow | undefined> {
    return this.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; `ownerId` null = everyone's (an admin). */
  async list(ownerId: number | null): Promise<ExportRow[]> {
    let query = this.db.selectFrom('exports').selectAll();
    if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
    return query.orderBy('created_ms', 'desc').limit(500).execute();
  }

  /** Jobs of this node a stop or crash left unfinished. */
  async unfinished(nodeId: string): Promise<ExportRow[]> {
    return this.db.selectFrom('exports').selectAll().where('node_id', '=', nodeId).where('status', 'in', ['queued', 'running']).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('exports').where('id', '=', id).execute();
  }
}
