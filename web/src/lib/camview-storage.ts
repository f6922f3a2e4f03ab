import { defaultLayout, isValidLayout, type CamviewLayout, type Tile } from './camview-layout';

/** localStorage `camview-layouts`: one layout per camera count, `{ "2": { cols, rows, tiles } }`. */
export type SavedLayouts = Record<string, CamviewLayout>;

function asLayout(value: unknown): CamviewLayout | null {
  if (typeof value !== 'object' || value === null) return null;
  const { cols, rows, tiles } = value as Partial<CamviewLayout>;
  if (!Array.isArray(tiles)) return null;
  const cleaned: Tile[] = [];
  for (const tile of tiles as unknown[]) {
    if (typeof tile !== 'object' || tile === null) return null;
    const { name, x, y, w, h, mode } = tile as Partial<Tile>;
    if (typeof name !== 'string') return null;
    cleaned.push({ name, x: x as number, y: y as number, w: w as number, h: h as number, mode: mode === 'snapshot' ? 'snapshot' : 'live' });
  }
  const layout = { cols: cols as number, rows: rows as number, tiles: cleaned };
  return isValidLayout(layout) ? layout : null;
}

/** Whatever is stored; anything unreadable or invalid is left out (that count falls back to the default). */
export function parseSavedLayouts(raw: string | null): SavedLayouts {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const layouts: SavedLayouts = {};
  for (const [count, value] of Object.entries(parsed)) {
    const layout = asLayout(value);
    if (layout && String(layout.tiles.length) === count) layouts[count] = layout;
  }
  return layouts;
}

/**
 * The layout for these cameras: the saved one for their count, with its tiles matched by name; a camera the
 * saved layout does not name (renamed, replaced) takes the place of one it names that is gone. No saved
 * layout for the count: the default.
 */
export function layoutFor(saved: SavedLayouts, names: readonly string[], portrait = false): CamviewLayout {
  const layout = saved[String(names.length)];
  if (!layout) return defaultLayout(names, portrait);
  const wanted = new Set(names);
  const newcomers = names.filter((name) => !layout.tiles.some((tile) => tile.name === name));
  const tiles = layout.tiles.map((tile) => (wanted.has(tile.name) ? tile : { ...tile, name: newcomers.shift() ?? tile.name }));
  // Keep the cameras' own order, so the DOM (and tab order) follows the camera list.
  const ordered = names.map((name) => tiles.find((tile) => tile.name === name)).filter((tile): tile is Tile => tile !== undefined);
  return ordered.length === names.length ? { ...layout, tiles: ordered } : defaultLayout(names, portrait);
}

export function withLayout(saved: SavedLayouts, layout: CamviewLayout): SavedLayouts {
  return { ...saved, [String(layout.tiles.length)]: layout };
}
