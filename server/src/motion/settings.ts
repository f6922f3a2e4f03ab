import type { Camera } from '@homecam/shared';
import type { StreamName } from '../media/index.js';
import type { ZonePolygon } from './zones.js';

/** `videoanalysis` of a camera in config.json (already validated by cameraSchema, defaults applied). */
export type VideoAnalysis = Camera['videoanalysis'];

/** Everything the analysis of one camera needs, in plain units. */
export interface MotionSettings {
  /** Polygons in percent; empty = the whole picture. */
  zones: readonly ZonePolygon[];
  /** 1–255 */
  difference: number;
  /** 0–100 */
  sensitivity: number;
  dwellSeconds: number;
  /** 0 disables the automatic reset (see motion-state.ts). */
  motionTimeoutSeconds: number;
  /** 0 disables the forced close. */
  forceCloseMinutes: number;
}

/** camera.videoanalysis + camera.motionTimeout → MotionSettings. */
export function motionSettingsOf(videoanalysis: VideoAnalysis, motionTimeout: number): MotionSettings {
  return {
    zones: videoanalysis.regions.map((r) => ({ coords: r.coords })),
    difference: videoanalysis.difference,
    sensitivity: videoanalysis.sensitivity,
    dwellSeconds: videoanalysis.dwellTimer,
    motionTimeoutSeconds: motionTimeout,
    forceCloseMinutes: videoanalysis.forceCloseTimer,
  };
}

/** A camera gets a detector when it is enabled and its video analysis is on. */
export function wantsMotionDetection(camera: Camera): boolean {
  return !camera.disable && camera.videoanalysis.active;
}

/**
 * The hub stream to analyse: the sub stream when the camera has one of its own, else main. A sub source
 * equal to the main source is the same camera stream: analysing 'main' then shares main's upstream
 * connection instead of opening a second one to the same URL.
 */
export function analysisStream(camera: Camera): StreamName {
  const sub = camera.videoConfig.subSource?.trim();
  return sub && sub !== camera.videoConfig.source.trim() ? 'sub' : 'main';
}
