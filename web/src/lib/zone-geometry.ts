import type { MotionZone } from '@homecam/shared';

/** A point of a zone in percent of the picture: [x, y], each 0–100. */
export type ZonePoint = [number, number];

/** The fewest points a zone needs (the schema's minimum). */
export const MIN_ZONE_POINTS = 3;

/** Rounds to 0.1 % and keeps the value within 0–100. */
export function roundPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const clamped = Math.min(100, Math.max(0, value));
  return Math.round(clamped * 10) / 10;
}

/** The picture's box on screen (what `getBoundingClientRect` returns). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a pointer (client coordinates) lies on the picture, in percent rounded to 0.1 %; null for an empty box. */
export function pointToPercent(clientX: number, clientY: number, box: Box): ZonePoint | null {
  if (box.width <= 0 || box.height <= 0) return null;
  return [roundPercent(((clientX - box.left) / box.width) * 100), roundPercent(((clientY - box.top) / box.height) * 100)];
}

/** Whether the points can close into a zone: at least three distinct points, not all on one line. */
export function canCloseZone(points: readonly ZonePoint[]): boolean {
  const distinct = points.filter((point, index) => points.findIndex((other) => other[0] === point[0] && other[1] === point[1]) === index);
  if (distinct.length < MIN_ZONE_POINTS) return false;
  return Math.abs(polygonArea(distinct)) > 0;
}

/** The signed area of a polygon (shoelace formula), in square percent. */
export function polygonArea(points: readonly ZonePoint[]): number {
  let sum = 0;
  points.forEach(([x1, y1], index) => {
    const [x2, y2] = points[(index + 1) % points.length] ?? [x1, y1];
    sum += x1 * y2 - x2 * y1;
  });
  return sum / 2;
}

/** The drawn points as a finished zone, or null while they cannot close. Consecutive repeats are dropped. */
export function closeZone(points: readonly ZonePoint[]): MotionZone | null {
  const coords = points
    .map(([x, y]): ZonePoint => [roundPercent(x), roundPercent(y)])
    .filter((point, index, all) => index === 0 || point[0] !== all[index - 1]?.[0] || point[1] !== all[index - 1]?.[1]);
  if (!canCloseZone(coords)) return null;
  return { finished: true, coords };
}

/** The `points` attribute of an SVG polygon/polyline. */
export function toSvgPoints(points: readonly ZonePoint[]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** The points with one of them moved to `to` (clamped to 0–100 and rounded to 0.1 %); the same array for a bad index. */
export function movePoint(points: readonly ZonePoint[], index: number, to: ZonePoint): ZonePoint[] {
  if (!Number.isInteger(index) || index < 0 || index >= points.length) return [...points];
  const moved: ZonePoint = [roundPercent(to[0]), roundPercent(to[1])];
  return points.map((point, other) => (other === index ? moved : point));
}

/** The points with one of them shifted by `dx`/`dy` percent, clamped to the picture. */
export function nudgePoint(points: readonly ZonePoint[], index: number, dx: number, dy: number): ZonePoint[] {
  const point = points[index];
  if (!point) return [...points];
  return movePoint(points, index, [point[0] + dx, point[1] + dy]);
}

/** Whether a point may be removed: a finished zone keeps at least MIN_ZONE_POINTS, a zone being drawn may shrink to none. */
export function canRemovePoint(points: readonly ZonePoint[], finished: boolean): boolean {
  return points.length > (finished ? MIN_ZONE_POINTS : 0);
}

/** The points without the one at `index`, or null when it may not be removed (see canRemovePoint) or does not exist. */
export function removePoint(points: readonly ZonePoint[], index: number, finished: boolean): ZonePoint[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= points.length || !canRemovePoint(points, finished)) return null;
  return points.filter((_, other) => other !== index);
}

/** The step in percent an arrow key moves a point (Shift: a bigger step), or null for other keys. */
export function arrowKeyStep(key: string, large: boolean): [number, number] | null {
  const step = large ? 5 : 1;
  switch (key) {
    case 'ArrowLeft':
      return [-step, 0];
    case 'ArrowRight':
      return [step, 0];
    case 'ArrowUp':
      return [0, -step];
    case 'ArrowDown':
      return [0, step];
    default:
      return null;
  }
}
