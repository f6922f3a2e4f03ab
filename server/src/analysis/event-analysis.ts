import { objectLabelOf, type Camera } from '@homecam/shared';
import type { EventBus } from '../events/event-bus.js';
import type { Clock } from '../lib/clock.js';
import type { CameraService } from '../services/camera.service.js';
import type { ConfigService } from '../services/config.service.js';
import type { EventGate, EventVerdict } from '../services/notification.service.js';
import type { RecordingService } from '../services/recording.service.js';
import type { RekognitionUsageService } from '../services/rekognition-usage.service.js';
import type { DetectedLabel, ImageDetector } from './detector.js';

export interface AnalysisLogger {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

/** config.json `aws` with keys: what a detector is built from. */
export interface DetectorConfig {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface EventAnalysisDeps {
  cameras: CameraService;
  config: ConfigService;
  usage: RekognitionUsageService;
  recordings: RecordingService;
  bus: EventBus;
  clock: Clock;
  log: AnalysisLogger;
  /** The event's JPEG when the motion event carried none (a snapshot through the stream service). */
  snapshot: (camera: string) => Promise<Buffer>;
  /** Builds the detector for the current keys (rebuilt when they change). */
  detector: (config: DetectorConfig) => ImageDetector;
  /** A failed analysis (the plugins page shows it; the message holds no secret). */
  onFailure: (message: string) => void;
  /** How long an event may wait for its labels before it goes on unlabelled, default 5 s. */
  timeoutMs?: number | undefined;
}

/** What the analysis did since start (the plugins page's detail, tests). */
export interface AnalysisStats {
  analysed: number;
  failed: number;
  /** Refused by the monthly budget. */
  skippedBudget: number;
  /** Dropped because none of the camera's labels was seen, per camera. */
  dropped: Record<string, number>;
}

export const DEFAULT_ANALYSIS_TIMEOUT_MS = 5_000;
const UNLABELLED: EventVerdict = { drop: false, labels: [] };

/**
 * Image analysis of motion events (camera.ui's Rekognition step), between the event and its notification: for a
 * camera with `rekognition.active` while `aws` is on with keys, one budgeted detector call on the event's JPEG;
 * labels at or above the camera's confidence go on the notification and the recording; with a camera label list
 * and no match the notification (and so every alert) is dropped, counted and logged. The recording is kept: it
 * started with the event (prebuffer) before any answer, and a cloud miss must not cost the video. Anything that
 * fails or takes longer than the time-out lets the event go on unlabelled.
 */
export class EventAnalysis implements EventGate {
  private readonly stats: AnalysisStats = { analysed: 0, failed: 0, skippedBudget: 0, dropped: {} };
  /** Recording of each recent event (RecordingStarted), to label it. */
  private readonly links = new Map<string, string>();
  private detectorFor: { key: string; detector: ImageDetector } | null = null;
  private budgetLogged = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: EventAnalysisDeps) {}

  start(): void {
    this.unsubscribe = this.deps.bus.subscribe('RecordingStarted', (e) => {
      this.links.set(e.eventId, e.id);
      if (this.links.size > 1000) this.links.delete(this.links.keys().next().value ?? '');
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  counters(): AnalysisStats {
    return { ...this.stats, dropped: { ...this.stats.dropped } };
  }

  judge(event: { camera: string; eventId: string; image?: Buffer | undefined }): Promise<EventVerdict> | null {
    const camera = this.deps.cameras.find(event.camera);
    const aws = this.deps.config.get().aws;
    if (!camera?.rekognition.active || !aws?.active || !aws.accessKeyId || !aws.secretAccessKey) return null;
    const config = { accessKeyId: aws.accessKeyId, secretAccessKey: aws.secretAccessKey, region: aws.region ?? 'us-east-1' };
    return this.withTimeout((signal) => this.analyse(camera, event, config, signal));
  }

  private withTimeout(work: (signal: AbortSignal) => Promise<EventVerdict>): Promise<EventVerdict> {
    const controller = new AbortController();
    const timeoutMs = this.deps.timeoutMs ?? DEFAULT_ANALYSIS_TIMEOUT_MS;
    return new Promise<EventVerdict>((resolve) => {
      const cancel = this.deps.clock.setTimer(timeoutMs, () => {
        controller.abort();
        this.failure(`no answer within ${timeoutMs} ms; the event went on unlabelled`);
        resolve(UNLABELLED);
      });
      work(controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) this.failure(error instanceof Error ? error.message : String(error));
          return UNLABELLED;
        })
        .then((verdict) => {
          cancel();
          resolve(verdict);
        }, () => undefined);
    });
  }

  private async analyse(camera: Camera, event: { eventId: string; image?: Buffer | undefined }, config: DetectorConfig, signal: AbortSignal): Promise<EventVerdict> {
    // The picture first: a camera that gives none must not cost a call of the month's budget.
    const jpeg = event.image ?? (await this.deps.snapshot(camera.name));
    const { allowed, usage } = await this.deps.usage.tryConsume();
    if (!allowed) {
      this.stats.skippedBudget += 1;
      if (!this.budgetLogged) this.deps.log.warn({ total: usage.total, month: usage.month }, 'Rekognition: monthly contingent used up, events go on without analysis');
      this.budgetLogged = true;
      return UNLABELLED;
    }
    this.budgetLogged = false;
    const seen = await this.detector(config).detect(jpeg, signal);
    this.stats.analysed += 1;
    const labels = passing(seen, camera.rekognition.confidence);
    const wanted = camera.rekognition.labels.map(objectLabelOf);
    const seenText = seen.map((label) => `${label.name} ${label.confidence.toFixed(1)}%`);
    if (wanted.length > 0 && !labels.some((label) => wanted.includes(label))) {
      this.stats.dropped[camera.name] = (this.stats.dropped[camera.name] ?? 0) + 1;
      this.deps.log.info({ camera: camera.name, seen: seenText, wanted: camera.rekognition.labels }, 'Rekognition: none of the camera\'s labels seen, event dropped (recording kept)');
      await this.labelRecording(event.eventId, labels);
      return { drop: true };
    }
    this.deps.log.info({ camera: camera.name, labels, seen: seenText }, 'Rekognition: event labelled');
    await this.labelRecording(event.eventId, labels);
    return { drop: false, labels };
  }

  private async labelRecording(eventId: string, labels: string[]): Promise<void> {
    const id = this.links.get(eventId);
    this.links.delete(eventId);
    if (id) await this.deps.recordings.addLabels(id, labels);
  }

  private detector(config: DetectorConfig): ImageDetector {
    const key = `${config.accessKeyId}\n${config.secretAccessKey}\n${config.region}`;
    if (this.detectorFor?.key !== key) this.detectorFor = { key, detector: this.deps.detector(config) };
    return this.detectorFor.detector;
  }

  private failure(message: string): void {
    this.stats.failed += 1;
    this.deps.log.warn({ reason: message }, 'Rekognition analysis failed');
    this.deps.onFailure(message);
  }
}

/**
 * Names at or above the confidence, best first, each once, in HomeCam's label vocabulary (the local detector's:
 * Rekognition's "Person" and "Human" are both `person`), so one filter finds either detector's events.
 */
function passing(seen: readonly DetectedLabel[], confidence: number): string[] {
  const sorted = seen.filter((label) => label.confidence >= confidence).sort((a, b) => b.confidence - a.confidence);
  return [...new Set(sorted.map((label) => objectLabelOf(label.name)))];
}
