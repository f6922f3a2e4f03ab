/**
 * Filters of the notification and recording lists (docs/api-contract-events.md): the API query and the
 * page's URL share one shape, so a filtered view survives a reload and can be linked.
 */
export interface EventFilters {
  cameras: string[];
  rooms: string[];
  types: string[];
  labels: string[];
  /** `YYYY-MM-DD` (a local day, inclusive). */
  from: string | null;
  to: string | null;
}

export const EMPTY_FILTERS: EventFilters = { cameras: [], rooms: [], types: [], labels: [], from: null, to: null };

const LISTS = ['cameras', 'rooms', 'types', 'labels'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function localDay(day: string, end: boolean): string | null {
  if (!DAY.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The API query: lists comma separated, days as the local day's first / last millisecond in ISO-8601. */
export function filtersToQuery(filters: EventFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of LISTS) if (filters[key].length > 0) query.set(key, filters[key].join(','));
  const from = filters.from ? localDay(filters.from, false) : null;
  const to = filters.to ? localDay(filters.to, true) : null;
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  return query;
}

/** The page's search string (`?cameras=a,b&from=2026-01-02`); the days stay days. */
export function filtersToSearch(filters: EventFilters): string {
  const query = new URLSearchParams();
  for (const key of LISTS) if (filters[key].length > 0) query.set(key, filters[key].join(','));
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Back from the search string; anything malformed is dropped. */
export function filtersFromSearch(search: string | URLSearchParams): EventFilters {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const list = (key: string) =>
    [...new Set(query.getAll(key).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean))];
  const day = (key: string) => {
    const value = query.get(key);
    return value && localDay(value, false) ? value : null;
  };
  return { cameras: list('cameras'), rooms: list('rooms'), types: list('types'), labels: list('labels'), from: day('from'), to: day('to') };
}

export function activeFilterCount(filters: EventFilters): number {
  return LISTS.reduce((sum, key) => sum + filters[key].length, 0) + (filters.from ? 1 : 0) + (filters.to ? 1 : 0);
}

/** Whether an item (a live one from the socket) passes the filters. */
export function matchesFilters(
  filters: EventFilters,
  item: { camera: string | null; room: string | null; type?: string; label?: string | null; at: string },
): boolean {
  if (filters.cameras.length > 0 && !filters.cameras.includes(item.camera ?? '')) return false;
  if (filters.rooms.length > 0 && !filters.rooms.includes(item.room ?? '')) return false;
  if (filters.types.length > 0 && !filters.types.includes(item.type ?? '')) return false;
  if (filters.labels.length > 0 && !filters.labels.includes(item.label ?? '')) return false;
  const at = Date.parse(item.at);
  const from = filters.from ? localDay(filters.from, false) : null;
  const to = filters.to ? localDay(filters.to, true) : null;
  if (from && at < Date.parse(from)) return false;
  if (to && at > Date.parse(to)) return false;
  return true;
}
