import type { MotionZone } from '@homecam/shared';
import type { MotionValues } from './MotionSliders';

export interface MotionState {
  values: MotionValues;
  zones: readonly MotionZone[];
}

const sameZones = (a: readonly MotionZone[], b: readonly MotionZone[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PATCH /api/cameras/:name body for changed motion settings (a JSON merge patch: `regions` is replaced
 * whole), or null when nothing changed.
 */
export function motionPatch(initial: MotionState, next: MotionState): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  const analysis: Record<string, unknown> = {};
  for (const key of ['sensitivity', 'difference', 'dwellTimer', 'forceCloseTimer'] as const) {
    if (initial.values[key] !== next.values[key]) analysis[key] = next.values[key];
  }
  if (!sameZones(initial.zones, next.zones)) analysis.regions = next.zones.map((zone) => ({ finished: true, coords: zone.coords }));
  if (Object.keys(analysis).length > 0) patch.videoanalysis = analysis;
  if (initial.values.motionTimeout !== next.values.motionTimeout) patch.motionTimeout = next.values.motionTimeout;
  return Object.keys(patch).length > 0 ? patch : null;
}
