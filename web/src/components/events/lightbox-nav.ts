/** Index arithmetic of the lightbox: no wrap-around, and an index that stays valid when items disappear. */
export function hasPrevious(index: number): boolean {
  return index > 0;
}

export function hasNext(index: number, count: number): boolean {
  return index < count - 1;
}

export function stepIndex(index: number, step: -1 | 1, count: number): number {
  if (count === 0) return -1;
  return Math.min(count - 1, Math.max(0, index + step));
}

/**
 * After the list changed: the item shown before (by id) where it is now, else the same position clamped
 * to the list, or -1 (closed) when nothing is left.
 */
export function followIndex(ids: readonly string[], shownId: string | null, previousIndex: number): number {
  if (ids.length === 0) return -1;
  const found = shownId === null ? -1 : ids.indexOf(shownId);
  if (found >= 0) return found;
  return Math.min(Math.max(previousIndex, 0), ids.length - 1);
}

/** Which key does what. */
export function lightboxKey(key: string): 'previous' | 'next' | 'close' | null {
  if (key === 'ArrowLeft') return 'previous';
  if (key === 'ArrowRight') return 'next';
  if (key === 'Escape') return 'close';
  return null;
}
