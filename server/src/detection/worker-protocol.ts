import type { Box } from './geometry.js';
import type { ModelSpec } from './model.js';
import type { Picture } from './pixels.js';

/** What a detector worker is started with (workerData). */
export interface WorkerSetup {
  model: ModelSpec;
}

/** A JPEG to be decoded in the worker (never on the main thread). */
export interface JpegPicture {
  format: 'jpeg';
  data: Uint8Array;
}

export type WorkerPicture = Picture | JpegPicture;

/** One object found, in pixels of the whole frame; score 0–1. */
export interface Detection {
  label: string;
  score: number;
  box: Box;
}

/**
 * `returnPicture`: the picture's buffers were transferred (not copied) to the worker, which transfers them back with
 * its answer, so the main thread reuses them instead of copying and allocating a frame per detection.
 */
export type WorkerRequest =
  | { type: 'detect'; id: number; picture: WorkerPicture; /** the part to look at; absent = the whole frame */ crop?: Box | undefined; returnPicture?: boolean }
  | { type: 'jpeg'; id: number; picture: WorkerPicture; /** drawn as outlines */ boxes: Box[]; quality: number; maxWidth: number; returnPicture?: boolean };

export type WorkerReply =
  | { type: 'ready'; model: string; inputSize: number; loadMs: number }
  | { type: 'load-failed'; message: string }
  | { type: 'detect'; id: number; detections: Detection[]; width: number; height: number; /** CPU time of this worker's thread for the job */ cpuMs: number; picture?: WorkerPicture }
  | { type: 'jpeg'; id: number; jpeg: Uint8Array; picture?: WorkerPicture }
  | { type: 'error'; id: number; message: string; picture?: WorkerPicture };

/** The buffers of a picture, for a postMessage transfer list (each once: a picture's planes may share one). */
export function transferListOf(picture: WorkerPicture): ArrayBuffer[] {
  const views = picture.format === 'yuv420p' ? [picture.y, picture.u, picture.v] : [picture.data];
  return [...new Set(views.map((view) => view.buffer as ArrayBuffer))];
}
