import { sql, type SelectQueryBuilder } from 'kysely';

/** Filters of the event lists (notifications, recordings). Times are ISO strings. */
export interface EventFilter {
  cameras?: string[] | undefined;
  rooms?: string[] | undefined;
  labels?: string[] | undefined;
  types?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /**
   * Issue 21: only rows of these cameras (a limited user's list, as the cameras are spelled now); rows of no
   * camera (system notifications) are left out too. Undefined or null: every row.
   */
  scope?: readonly string[] | null | undefined;
}

export interface PageRequest {
  /** Opaque `nextCursor` of the previous page. */
  cursor?: string | undefined;
  limit: number;
}

export function encodeCursor(time: string, id: string): string {
  return Buffer.from(`${time}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { time: string; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar <= 0) return null;
  return { time: text.slice(0, bar), id: text.slice(bar + 1) };
}

/** Issue 21: only the rows of the cameras in `scope` (none for an empty list); null/undefined: unchanged. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over the event tables, like applyEventFilter
export function applyCameraScope<Q extends SelectQueryBuilder<any, any, any>>(query: Q, scope: readonly string[] | null | undefined): Q {
  if (scope === null || scope === undefined) return query;
  if (scope.length === 0) return query.where(sql<boolean>`0`) as Q;
  return query.where('camera', 'in', [...scope]) as Q;
}

/**
 * Applies the filters and the keyset cursor (newest first, ties by id) to a query over a table with the given
 * time column. An unreadable cursor is treated as "from the start".
 */
export function applyEventFilter<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { time: string; type: string },
  filter: EventFilter,
  page?: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  // Column names are ours (not user input); kysely's typed refs cannot be generic over two tables.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  let q = query as SelectQueryBuilder<any, any, O>;
  if (filter.cameras?.length) q = q.where('camera', 'in', filter.cameras);
  q = applyCameraScope(q, filter.scope);
  if (filter.rooms?.length) q = q.where('room', 'in', filter.rooms);
  if (filter.labels?.length) {
    // `label` holds the event kind or the top label; `labels` (JSON, 0009) every label. Case-blind: labels are
    // lower case since the detectors share one vocabulary (issue 20), Rekognition's older ones are "Person".
    const wanted = filter.labels.map((label) => label.toLowerCase());
    q = q.where((eb) => eb.or([
      sql<boolean>`lower(label) in (${sql.join(wanted)})`,
      sql<boolean>`exists (select 1 from json_each(labels) where lower(json_each.value) in (${sql.join(wanted)}))`,
    ]));
  }
  if (filter.types?.length) q = q.where(columns.type, 'in', filter.types);
  if (filter.from) q = q.where(columns.time, '>=', filter.from);
  if (filter.to) q = q.where(columns.time, '<=', filter.to);
  const cursor = page?.cursor ? decodeCursor(page.cursor) : null;
  if (cursor) {
    q = q.where((eb) => eb.or([eb(columns.time, '<', cursor.time), eb.and([eb(columns.time, '=', cursor.time), eb('id', '<', cursor.id)])]));
  }
  q = q.orderBy(columns.time, 'desc').orderBy('id', 'desc');
  if (page) q = q.limit(page.limit + 1);
  return q as SelectQueryBuilder<DB, TB, O>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
