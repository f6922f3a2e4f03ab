import { AwsClient } from 'aws4fetch';
import { DetectorError, type DetectedLabel, type ImageDetector } from './detector.js';

export interface AwsRekognitionOptions {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /**
   * Base URL of the Rekognition API; default `https://rekognition.<region>.amazonaws.com/`. An app option
   * (tests, HOMECAM_REKOGNITION_ENDPOINT), never something a user types in the UI.
   */
  endpoint?: string | undefined;
  /** Labels asked for (DetectLabels' MaxLabels), default 20. */
  maxLabels?: number | undefined;
  /** Labels below this are not returned by AWS at all (percent); the camera's confidence filters again. */
  minConfidence?: number | undefined;
}

interface DetectLabelsAnswer {
  Labels?: { Name?: unknown; Confidence?: unknown }[];
}

/** The longest error body quoted back (AWS' messages are short; anything longer is not worth a log line). */
const MAX_ERROR_TEXT = 200;

/**
 * AWS Rekognition DetectLabels over plain fetch, signed with SigV4 by aws4fetch (88 kB; the official SDK is
 * 17.7 MB and warns on Node < 22). One POST per image, JSON 1.1, the image inline as base64.
 */
export class AwsRekognitionDetector implements ImageDetector {
  readonly id = 'aws-rekognition';
  private readonly client: AwsClient;
  private readonly url: string;

  constructor(private readonly options: AwsRekognitionOptions) {
    // retries: 0 — the analysis has its own short time-out, a retried call would also cost a second budget unit.
    this.client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, service: 'rekognition', region: options.region, retries: 0 });
    this.url = options.endpoint ?? `https://rekognition.${options.region}.amazonaws.com/`;
  }

  async detect(jpeg: Buffer, signal: AbortSignal): Promise<DetectedLabel[]> {
    const body = JSON.stringify({
      Image: { Bytes: jpeg.toString('base64') },
      MaxLabels: this.options.maxLabels ?? 20,
      MinConfidence: this.options.minConfidence ?? 50,
    });
    let response: Response;
    try {
      response = await this.client.fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'RekognitionService.DetectLabels' },
        body,
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new DetectorError('Rekognition did not answer in time');
      throw new DetectorError(`Rekognition unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new DetectorError(`Rekognition answered ${response.status}: ${awsError(text)}`);
    return parseLabels(text);
  }
}

/** AWS' JSON error (`__type`, `message`), shortened; never the request (it holds the signature). */
function awsError(text: string): string {
  try {
    const parsed = JSON.parse(text) as { __type?: unknown; message?: unknown; Message?: unknown };
    const type = typeof parsed.__type === 'string' ? parsed.__type.split('#').pop() : undefined;
    const message = typeof parsed.message === 'string' ? parsed.message : typeof parsed.Message === 'string' ? parsed.Message : undefined;
    return [type, message].filter(Boolean).join(': ').slice(0, MAX_ERROR_TEXT) || 'no details';
  } catch {
    return text.slice(0, MAX_ERROR_TEXT) || 'no details';
  }
}

function parseLabels(text: string): DetectedLabel[] {
  let answer: DetectLabelsAnswer;
  try {
    answer = JSON.parse(text) as DetectLabelsAnswer;
  } catch {
    throw new DetectorError('Rekognition answered something that is not JSON');
  }
  return (answer.Labels ?? [])
    .filter((label): label is { Name: string; Confidence: number } => typeof label.Name === 'string' && typeof label.Confidence === 'number')
    .map((label) => ({ name: label.Name, confidence: label.Confidence }));
}
