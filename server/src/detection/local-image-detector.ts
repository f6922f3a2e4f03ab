import { objectLabelOf } from '@homecam/shared';
import { DetectorError, type DetectedLabel, type ImageDetector } from '../analysis/detector.js';
import type { DetectorPool } from './detector-pool.js';

/**
 * The local detector behind the same seam as Rekognition (`ImageDetector`): a JPEG in, labels out (confidence in
 * percent, names in HomeCam's vocabulary, with boxes). The JPEG is decoded and searched in a pool worker. Each
 * call is its own queue entry (`image:<n>`), so a one-off image never replaces a camera's waiting frame.
 */
export class LocalImageDetector implements ImageDetector {
  readonly id = 'local';
  private calls = 0;

  constructor(private readonly pool: DetectorPool) {}

  async detect(jpeg: Buffer, signal: AbortSignal): Promise<DetectedLabel[]> {
    if (signal.aborted) throw new DetectorError('detection was cancelled');
    this.calls += 1;
    const work = this.pool.detect(`image:${this.calls}`, { format: 'jpeg', data: new Uint8Array(jpeg) });
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(new DetectorError('the local detector did not answer in time')), { once: true });
    });
    let result: Awaited<typeof work>;
    try {
      result = await Promise.race([work, aborted]);
    } catch (error) {
      if (error instanceof DetectorError) throw error;
      throw new DetectorError(error instanceof Error ? error.message : String(error));
    }
    if (!result) return [];
    return result.detections.map((d) => ({ name: objectLabelOf(d.label), confidence: Math.round(d.score * 1000) / 10, box: d.box }));
  }
}
