/**
 * Camview's grid as pure data: a layout is a grid of units (each cell of the default arrangement is
 * UNITS_PER_CELL × UNITS_PER_CELL units, so tiles can be resized by half cells) and one tile per camera.
 */
export type TileMode = 'live' | 'snapshot';

export interface Tile {
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  mode: TileMode;
}

export interface CamviewLayout {
  cols: number;
  rows: number;
  tiles: Tile[];
}

export const UNITS_PER_CELL = 2;
/** More cameras than this start as snapshots (every live tile is a stream). */
export const LIVE_BY_DEFAULT_UP_TO = 4;
const MAX_UNITS = 64;

/** Cells of the default arrangement: 1 full; 2 side by side (stacked when portrait); ≤4 2×2; ≤6 3×2 (2×3); more 3+ columns. */
export function gridShape(count: number, portrait = false): { cols: number; rows: number } {
  if (count <= 1) return { cols: 1, rows: 1 };
  if (count === 2) return portrait ? { cols: 1, rows: 2 } : { cols: 2, rows: 1 };
  if (count <= 4) return { cols: 2, rows: 2 };
  if (count <= 6) return portrait ? { cols: 2, rows: 3 } : { cols: 3, rows: 2 };
  const cols = portrait ? 3 : Math.max(3, Math.ceil(Math.sqrt(count)));
  return { cols, rows: Math.ceil(count / cols) };
}

export function defaultLayout(names: readonly string[], portrait = false): CamviewLayout {
  const { cols, rows } = gridShape(names.length, portrait);
  const mode: TileMode = names.length <= LIVE_BY_DEFAULT_UP_TO ? 'live' : 'snapshot';
  return {
    cols: cols * UNITS_PER_CELL,
    rows: rows * UNITS_PER_CELL,
    tiles: names.map((name, i) => ({
      name,
      x: (i % cols) * UNITS_PER_CELL,
      y: Math.floor(i / cols) * UNITS_PER_CELL,
      w: UNITS_PER_CELL,
      h: UNITS_PER_CELL,
      mode,
    })),
  };
}

export function overlaps(a: Omit<Tile, 'name' | 'mode'>, b: Omit<Tile, 'name' | 'mode'>): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const isUnit = (n: unknown, min: number): n is number => Number.isInteger(n) && (n as number) >= min && (n as number) <= MAX_UNITS;

/** Inside the grid, sizes at least one unit, no two tiles overlapping, names unique. */
export function isValidLayout(layout: CamviewLayout): boolean {
  if (!isUnit(layout.cols, 1) || !isUnit(layout.rows, 1)) return false;
  const names = new Set<string>();
  return layout.tiles.every((tile, i) => {
    if (names.has(tile.name)) return false;
    names.add(tile.name);
    const inside = isUnit(tile.x, 0) && isUnit(tile.y, 0) && isUnit(tile.w, 1) && isUnit(tile.h, 1);
    return (
      inside &&
      tile.x + tile.w <= layout.cols &&
      tile.y + tile.h <= layout.rows &&
      layout.tiles.slice(0, i).every((other) => !overlaps(tile, other))
    );
  });
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function replaceTiles(layout: CamviewLayout, changed: Tile[]): CamviewLayout {
  const byName = new Map(changed.map((tile) => [tile.name, tile]));
  return { ...layout, tiles: layout.tiles.map((tile) => byName.get(tile.name) ?? tile) };
}

/**
 * Moves a tile to (x, y), kept inside the grid. Dropped on exactly one tile of the same size, the two swap
 * places; any other overlap leaves the layout as it was.
 */
export function moveTile(layout: CamviewLayout, name: string, x: number, y: number): CamviewLayout {
  const tile = layout.tiles.find((t) => t.name === name);
  if (!tile) return layout;
  const moved = { ...tile, x: clamp(Math.round(x), 0, layout.cols - tile.w), y: clamp(Math.round(y), 0, layout.rows - tile.h) };
  if (moved.x === tile.x && moved.y === tile.y) return layout;
  const hit = layout.tiles.filter((other) => other.name !== name && overlaps(moved, other));
  if (hit.length === 0) return replaceTiles(layout, [moved]);
  const [other] = hit;
  if (hit.length === 1 && other && other.w === tile.w && other.h === tile.h) {
    return replaceTiles(layout, [
      { ...tile, x: other.x, y: other.y },
      { ...other, x: tile.x, y: tile.y },
    ]);
  }
  return layout;
}

/** Resizes a tile (at least one unit, inside the grid); a size that would cover another tile is refused. */
export function resizeTile(layout: CamviewLayout, name: string, w: number, h: number): CamviewLayout {
  const tile = layout.tiles.find((t) => t.name === name);
  if (!tile) return layout;
  const resized = { ...tile, w: clamp(Math.round(w), 1, layout.cols - tile.x), h: clamp(Math.round(h), 1, layout.rows - tile.y) };
  if (resized.w === tile.w && resized.h === tile.h) return layout;
  if (layout.tiles.some((other) => other.name !== name && overlaps(resized, other))) return layout;
  return replaceTiles(layout, [resized]);
}

export function setTileMode(layout: CamviewLayout, name: string, mode: TileMode): CamviewLayout {
  return { ...layout, tiles: layout.tiles.map((tile) => (tile.name === name ? { ...tile, mode } : tile)) };
}
