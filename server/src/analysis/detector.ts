/**
 * One thing a detector saw in an image; confidence in percent (0–100), as Rekognition reports it. A local detector
 * (server/src/detection) names it in HomeCam's vocabulary (`objectLabelOf`) and adds where it is, in pixels.
 */
export interface DetectedLabel {
  name: string;
  confidence: number;
  box?: { x: number; y: number; width: number; height: number } | undefined;
}

/**
 * What the event analysis needs of an image detector. The cloud (AwsRekognitionDetector) implements it today; a
 * local detector (server/src/detection: CenterNet or an ONNX model) replaces it without touching the analysis step or the event path.
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
