import type { FastifyBaseLogger } from 'fastify';
import { AwsRekognitionDetector } from './analysis/aws-rekognition-detector.js';
import { EventAnalysis } from './analysis/event-analysis.js';
import type { AppContext } from './context.js';
import type { RekognitionIntegration } from './integrations/other-integrations.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import type { RekognitionUsageService } from './services/rekognition-usage.service.js';

/** Between a motion event and its notification (a no-op for cameras without analysis). */
export function analysisComponent(ctx: AppContext, analysis: EventAnalysis): { name: string; start(): void; stop(): void } {
  return {
    name: 'analysis',
    start: () => {
      analysis.start();
      ctx.notifications.useGate(analysis);
    },
    stop: () => {
      ctx.notifications.useGate(null);
      analysis.stop();
    },
  };
}

export interface AnalysisOptions {
  /**
   * Rekognition API base URL instead of `https://rekognition.<region>.amazonaws.com/`: tests and the e2e fake
   * (main.ts reads HOMECAM_REKOGNITION_ENDPOINT). Never a user setting.
   */
  endpoint?: string | undefined;
  /** How long an event waits for its labels (default 5 s). */
  timeoutMs?: number | undefined;
}

/** The motion image analysis with the AWS detector; the runtime hands it to the notifications as their gate. */
export function createEventAnalysis(
  ctx: AppContext,
  log: FastifyBaseLogger,
  parts: { usage: RekognitionUsageService; integration: RekognitionIntegration; streams: () => CameraStreamService },
  options: AnalysisOptions = {},
): EventAnalysis {
  const analysis = new EventAnalysis({
    cameras: ctx.cameras,
    config: ctx.config,
    usage: parts.usage,
    recordings: ctx.recordings,
    bus: ctx.bus,
    clock: ctx.clock,
    log: log.child({ module: 'rekognition' }),
    snapshot: async (camera) => (await parts.streams().snapshot(camera)).jpeg,
    detector: (config) => new AwsRekognitionDetector({ ...config, endpoint: options.endpoint }),
    onFailure: (message) => parts.integration.fail(message),
    timeoutMs: options.timeoutMs,
  });
  parts.integration.analysisCounts = () => {
    const stats = analysis.counters();
    const dropped = Object.values(stats.dropped).reduce((sum, n) => sum + n, 0);
    return { analysed: stats.analysed, dropped, droppedBy: { ...stats.dropped }, skippedBudget: stats.skippedBudget, failed: stats.failed };
  };
  return analysis;
}
