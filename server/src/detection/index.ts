import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import type { MotionAnalysisEvent } from '../motion/index.js';
import { DetectorPool } from './detector-pool.js';
import { LocalImageDetector } from './local-image-detector.js';
import type { ModelSpec } from './model.js';
import { findUserModel } from './onnx-model.js';
import { ObjectDetection, type MotionFrame, type ObjectDetected, type ObjectDetectionOptions } from './object-detection.js';
import type { DetectionSettings } from './settings.js';

/**
 * Local object detection (issue 20): see README.md. `startObjectDetection` picks the model (an ONNX file of the
 * user's in `<data>/models/` when onnxruntime-node is installed, else the built-in CenterNet), starts the worker
 * pool and returns the per-camera detection plus the same pool behind Rekognition's seam.
 */
export { DetectorPool, type DetectorPoolOptions, type PoolStats } from './detector-pool.js';
export { LocalImageDetector } from './local-image-detector.js';
export { ObjectDetection, type MotionFrame, type ObjectDetected, type ObjectDetectionOptions, type ObjectDetectionStats } from './object-detection.js';
export { counts, detectionSettingsOf, insidePolygon, type DetectionSettings } from './settings.js';
export { ObjectTracker, type TrackerOptions, type TrackEvent } from './tracker.js';
export { defaultPoolSize } from './worker-start.js';
export type { ModelSpec } from './model.js';
export type { Box } from './geometry.js';

/** Colour frames are asked of the motion decoder at most this wide (MotionManager `colorFor`). */
export const DETECTION_COLOR_WIDTH = 1280;

export interface StartObjectDetectionOptions {
  /** HomeCam's data folder: `<data>/models/*.onnx` is the user's own model. */
  dataDirectory: string;
  settings: (camera: string) => DetectionSettings | null;
  onObject: (event: ObjectDetected) => void;
  clock: Clock;
  log: ObjectDetectionOptions['log'] & { info(context: object, message: string): void };
  /** Worker threads, default max(1, cores − 1) capped at 4. */
  poolSize?: number;
  intervalMs?: number;
}

export interface RunningObjectDetection {
  detection: ObjectDetection;
  pool: DetectorPool;
  /** The same pool behind `ImageDetector` (analysis/detector.ts), as Rekognition is. */
  imageDetector: LocalImageDetector;
  model: string;
  close(): Promise<void>;
}

export async function startObjectDetection(o: StartObjectDetectionOptions): Promise<RunningObjectDetection> {
  const user = await findUserModel(join(o.dataDirectory, 'models'));
  const specs: ModelSpec[] = user ? [{ kind: 'onnx', path: user.path, ...(user.labels ? { labels: user.labels } : {}) }] : [];
  specs.push({ kind: 'centernet' });
  for (const [i, model] of specs.entries()) {
    const pool = new DetectorPool({ model, log: o.log, ...(o.poolSize ? { size: o.poolSize } : {}) });
    try {
      const ready = await pool.start();
      o.log.info({ model: ready.model, inputSize: ready.inputSize, loadMs: ready.loadMs, workers: pool.stats().workers }, 'object detection ready');
      const detection = new ObjectDetection({ pool, settings: o.settings, onObject: o.onObject, clock: o.clock, log: o.log, ...(o.intervalMs ? { intervalMs: o.intervalMs } : {}) });
      const close = async () => {
        detection.close();
        await pool.close();
      };
      return { detection, pool, imageDetector: new LocalImageDetector(pool), model: ready.model, close };
    } catch (error) {
      await pool.close();
      if (i === specs.length - 1) throw error;
      o.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'own ONNX model not usable, using the built-in detector');
    }
  }
  throw new Error('no detection model');
}

/** The motion detector's analysed frame as a detection frame: while motion is on, with colour and what changed. */
export function motionFrameOf(event: MotionAnalysisEvent): MotionFrame | null {
  if (event.phase !== 'motion' || !event.color || !event.changed) return null;
  return { camera: event.camera, at: event.at, picture: event.color, changed: event.changed };
}
