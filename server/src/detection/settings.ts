import { objectDetectionActive, type Camera } from '@homecam/shared';
import type { Box, Size } from './geometry.js';

/**
 * A camera's object-detection settings in plain units, from config.json's `objectDetection` (see
 * packages/shared/src/api/object-detection.ts) and the motion zones it refers to.
 */
export interface DetectionSettings {
  active: boolean;
  labels: ReadonlySet<string>;
  /** 0–1 */
  minScore: number;
  /** Share of the frame's area, 0–1. */
  minArea: number;
  /** Per label: polygons (points in percent) where its bottom centre must be; absent = anywhere. */
  zones: ReadonlyMap<string, readonly (readonly (readonly [number, number])[])[]>;
}

export function detectionSettingsOf(camera: Camera): DetectionSettings {
  const o = camera.objectDetection;
  const regions = camera.videoanalysis.regions;
  const zones = new Map<string, (readonly (readonly [number, number])[])[]>();
  for (const [label, indexes] of Object.entries(o.zones)) {
    const polygons = indexes.map((i) => regions[i]?.coords).filter((coords): coords is [number, number][] => coords !== undefined);
    // every index pointed nowhere: the label has no usable zone, so it counts nowhere rather than everywhere
    if (indexes.length > 0) zones.set(label, polygons);
  }
  return { active: objectDetectionActive(camera), labels: new Set(o.labels), minScore: o.minScore / 100, minArea: o.minSize / 100, zones };
}

/** Whether the point (percent of the picture) is inside the polygon (points in percent): even-odd, as motion zones. */
export function insidePolygon(px: number, py: number, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a detection counts for the camera: a wanted label, big enough, standing in one of its label's zones. */
export function counts(settings: DetectionSettings, label: string, box: Box, frame: Size): boolean {
  if (!settings.labels.has(label)) return false;
  if ((box.width * box.height) / (frame.width * frame.height) < settings.minArea) return false;
  const zones = settings.zones.get(label);
  if (!zones) return true;
  const x = ((box.x + box.width / 2) / frame.width) * 100;
  const y = ((box.y + box.height) / frame.height) * 100;
  return zones.some((polygon) => insidePolygon(x, y, polygon));
}
