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

export type WorkerRequest =
  | { type: 'detect'; id: number; picture: WorkerPicture; /** the part to look at; absent = the whole frame */ crop?: Box | undefined }
  | { type: 'jpeg'; id: number; picture: WorkerPicture; /** drawn as outlines */ boxes: Box[]; quality: number; maxWidth: number };

export type WorkerReply =
  | { type: 'ready'; model: string; inputSize: number; loadMs: number }
  | { type: 'load-failed'; message: string }
  | { type: 'detect'; id: number; detections: Detection[]; width: number; height: number; /** CPU time of this worker's thread for the job */ cpuMs: number }
  | { type: 'jpeg'; id: number; jpeg: Uint8Array }
  | { type: 'error'; id: number; message: string };
