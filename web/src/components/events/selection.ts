/** Multi-select of list items by id; pure so the rules are tested without a screen. */
export type Selection = ReadonlySet<string>;

export function toggleSelected(selection: Selection, id: string): Selection {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** All shown ids, or none when all of them are already selected. */
export function toggleAll(selection: Selection, shown: readonly string[]): Selection {
  const allSelected = shown.length > 0 && shown.every((id) => selection.has(id));
  return allSelected ? new Set() : new Set(shown);
}

/** Drops ids no longer listed (deleted here, elsewhere, or by retention). */
export function pruneSelection(selection: Selection, shown: readonly string[]): Selection {
  const listed = new Set(shown);
  const kept = [...selection].filter((id) => listed.has(id));
  return kept.length === selection.size ? selection : new Set(kept);
}
