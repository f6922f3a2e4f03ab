/**
 * Motion zones: polygons whose points are given in percent of the picture (0–100, as the zone editor and
 * config.json store them), rasterised to the pixels of an analysis frame.
 *
 * A pixel belongs to a zone when its centre lies inside the polygon. Each zone becomes a list of horizontal
 * runs (`spans`: pairs of [start, end) pixel indices into the row-major frame), so counting changed pixels in
 * a zone is a tight loop over typed arrays, with no per-pixel test at analysis time.
 */

/** One point [x, y] in percent of the picture width and height. */
export type PercentPoint = readonly [number, number];

/** What the config holds per zone (`videoanalysis.regions[]`); other fields are ignored. */
export interface ZonePolygon {
  coords: readonly PercentPoint[];
}

/**
 * even-odd: a point is inside when a ray from it crosses the outline an odd number of times (what camera.ui's
 * point-in-polygon test did; a self-intersecting outline leaves holes). nonzero: inside when the outline winds
 * around the point (the canvas default; a self-intersecting outline is filled).
 */
export type FillRule = 'evenodd' | 'nonzero';

export interface ZoneMask {
  /** Index of the polygon in the given list; -1 for the implicit whole-frame zone. */
  zone: number;
  /** Pairs [start, end) of pixel indices (y * width + x), in order, never overlapping; runs that continue on the next row are merged. */
  spans: Int32Array;
  /** Pixels covered (sum of the span lengths). 0 for a polygon without area: such a zone never triggers. */
  pixels: number;
}

/**
 * One mask per polygon for a width × height frame. No polygons (an empty `regions` list) means the whole
 * frame is one zone. Polygons with fewer than three points are skipped (the config schema requires three);
 * when none is left, the whole frame is the zone. The zone editor's `finished` flag is not looked at: a saved
 * polygon with three points is closed either way.
 */
export function rasterizeZones(
  polygons: readonly ZonePolygon[],
  width: number,
  height: number,
  fillRule: FillRule = 'evenodd',
): ZoneMask[] {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`invalid frame size ${width}x${height}`);
  }
  const usable = polygons.map((p, i) => ({ p, i })).filter(({ p }) => p.coords.length >= 3);
  if (usable.length === 0) return [wholeFrame(width, height)];
  return usable.map(({ p, i }) => rasterizePolygon(p.coords, width, height, fillRule, i));
}

function wholeFrame(width: number, height: number): ZoneMask {
  return { zone: -1, spans: Int32Array.of(0, width * height), pixels: width * height };
}

interface Crossing {
  x: number;
  /** +1 for an edge going down (increasing y), -1 going up: the winding contribution. */
  dir: number;
}

function rasterizePolygon(coords: readonly PercentPoint[], width: number, height: number, fillRule: FillRule, zone: number): ZoneMask {
  const xs = coords.map(([x]) => (clampPercent(x) / 100) * width);
  const ys = coords.map(([, y]) => (clampPercent(y) / 100) * height);
  const n = coords.length;
  const spans: number[] = [];
  let pixels = 0;
  const crossings: Crossing[] = [];

  for (let row = 0; row < height; row++) {
    const cy = row + 0.5; // sample at the pixel centre
    crossings.length = 0;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const y0 = ys[i]!;
      const y1 = ys[j]!;
      if (y0 === y1) continue; // horizontal edges never cross a centre line
      // Half-open in y: a vertex on the scan line is counted once, by the edge that starts or ends there.
      if ((y0 <= cy && cy < y1) || (y1 <= cy && cy < y0)) {
        const x0 = xs[i]!;
        const x1 = xs[j]!;
        crossings.push({ x: x0 + ((cy - y0) / (y1 - y0)) * (x1 - x0), dir: y1 > y0 ? 1 : -1 });
      }
    }
    if (crossings.length < 2) continue;
    crossings.sort((a, b) => a.x - b.x);

    let winding = 0;
    let runStart = -1;
    for (let k = 0; k < crossings.length; k++) {
      const c = crossings[k]!;
      const wasInside = fillRule === 'evenodd' ? (k & 1) === 1 : winding !== 0;
      winding += c.dir;
      const isInside = fillRule === 'evenodd' ? ((k + 1) & 1) === 1 : winding !== 0;
      if (!wasInside && isInside) runStart = c.x;
      else if (wasInside && !isInside) {
        // Pixels whose centre x + 0.5 lies in [runStart, c.x).
        const from = Math.max(0, Math.ceil(runStart - 0.5));
        const to = Math.min(width, Math.ceil(c.x - 0.5));
        if (to > from) {
          const base = row * width;
          const last = spans.length - 1;
          if (last > 0 && spans[last] === base + from) spans[last] = base + to; // touching runs merge
          else spans.push(base + from, base + to);
          pixels += to - from;
        }
      }
    }
  }
  return { zone, spans: Int32Array.from(spans), pixels };
}

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** Test and debugging aid: the masks as one byte per pixel (1 inside any zone, 0 outside). */
export function maskToBitmap(masks: readonly ZoneMask[], width: number, height: number): Uint8Array {
  const bitmap = new Uint8Array(width * height);
  for (const mask of masks) {
    for (let s = 0; s < mask.spans.length; s += 2) bitmap.fill(1, mask.spans[s], mask.spans[s + 1]);
  }
  return bitmap;
}
