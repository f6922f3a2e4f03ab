import type { InfiniteData } from '@tanstack/react-query';

/** One page of a cursor list. */
export interface CursorPage<T> {
  result: T[];
  nextCursor: string | null;
}

export type CursorPages<T> = InfiniteData<CursorPage<T>, unknown>;

/** A live item goes first on the first page (once: an item already listed is left where it is). */
export function prependItem<T extends { id: string }>(data: CursorPages<T> | undefined, item: T): CursorPages<T> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.result.some((entry) => entry.id === item.id))) return data;
  const [first, ...rest] = data.pages as [CursorPage<T>, ...CursorPage<T>[]];
  return { ...data, pages: [{ ...first, result: [item, ...first.result] }, ...rest] };
}

/** Removes the listed ids; `null` empties the list. */
export function removeItems<T extends { id: string }>(data: CursorPages<T> | undefined, ids: readonly string[] | null): CursorPages<T> | undefined {
  if (!data) return data;
  if (ids === null) return { pages: [{ result: [], nextCursor: null }], pageParams: data.pageParams.slice(0, 1) };
  const gone = new Set(ids);
  return { ...data, pages: data.pages.map((page) => ({ ...page, result: page.result.filter((entry) => !gone.has(entry.id)) })) };
}

/** Replaces an item where it is listed (a recording that went from `recording` to `complete`). */
export function replaceItem<T extends { id: string }>(data: CursorPages<T> | undefined, item: T): CursorPages<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, result: page.result.map((entry) => (entry.id === item.id ? item : entry)) })) };
}

export function flattenPages<T>(data: CursorPages<T> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.result) : [];
}
