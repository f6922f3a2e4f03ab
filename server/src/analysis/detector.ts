/** One thing a detector saw in an image; confidence in percent (0–100), as Rekognition reports it. */
export interface DetectedLabel {
  name: string;
  confidence: number;
}

/**
 * What the event analysis needs of an image detector. The cloud (AwsRekognitionDetector) implements it today; a
 * local detector (ONNX, …) can replace it later without touching the analysis step or the event path.
 * `detect` must honour the signal (the analysis aborts it at its time-out) and throw errors without secrets.
 */
export interface ImageDetector {
  readonly id: string;
  detect(jpeg: Buffer, signal: AbortSignal): Promise<DetectedLabel[]>;
}

/** A detector failure whose message may be shown (no keys, no signatures). */
export class DetectorError extends Error {
  override readonly name = 'DetectorError';
}
