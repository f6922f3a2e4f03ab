import type { AppContext } from '../context/context.js';
import { rekognitionRoutes } from '../http/settings/rekognition.routes.js';
import { RekognitionUsageRepository } from '../repositories/rekognition-usage.repository.js';
import type { HomecamModule } from '../runtime/module.js';
import { RekognitionSettingsService } from '../services/rekognition-settings.service.js';
import { RekognitionUsageService } from '../services/rekognition-usage.service.js';
import { AwsRekognitionDetector } from './aws-rekognition-detector.js';
import { EventAnalysis } from './event-analysis.js';
import { RekognitionIntegration } from './rekognition-integration.js';

export interface AnalysisOptions {
  /**
   * Rekognition API base URL instead of `https://rekognition.<region>.amazonaws.com/`: tests and the e2e fake
   * (main.ts reads HOMECAM_REKOGNITION_ENDPOINT). Never a user setting.
   */
  endpoint?: string | undefined;
  /** How long an event waits for its labels (default 5 s). */
  timeoutMs?: number | undefined;
}

export type AnalysisModule = HomecamModule & {
  /** The step between a motion event and its notification (the notifications module's gate). */
  readonly analysis: EventAnalysis;
  /** Settings → Rekognition (config.json `aws`) and the monthly call budget the analysis consumes. */
  readonly rekognition: RekognitionSettingsService;
  readonly usage: RekognitionUsageService;
};

/**
 * Image analysis of motion events with AWS Rekognition (a no-op for cameras without it): its settings and
 * budget, its plugins-page entry and the analysis itself, which labels events or drops them.
 */
export function analysisModule(ctx: Pick<AppContext, 'database' | 'config' | 'clock' | 'cameras' | 'recordings' | 'streams' | 'bus' | 'log' | 'integrations'>, options: AnalysisOptions = {}): AnalysisModule {
  const usage = new RekognitionUsageService({ usage: new RekognitionUsageRepository(ctx.database.db), config: ctx.config, clock: ctx.clock });
  const rekognition = new RekognitionSettingsService(ctx.config, usage);
  const analysis = new EventAnalysis({
    cameras: ctx.cameras,
    config: ctx.config,
    usage,
    recordings: ctx.recordings,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log.child({ module: 'rekognition' }),
    snapshot: async (camera) => (await ctx.streams.snapshot(camera)).jpeg,
    detector: (config) => new AwsRekognitionDetector({ ...config, endpoint: options.endpoint }),
    onFailure: (message) => integration.fail(message),
    timeoutMs: options.timeoutMs,
  });
  const integration = new RekognitionIntegration({ settings: rekognition, usage, config: ctx.config, clock: ctx.clock, counts: () => countsOf(analysis) });
  ctx.integrations.register(integration);
  return {
    name: 'analysis',
    analysis,
    rekognition,
    usage,
    start: () => analysis.start(),
    stop: () => analysis.stop(),
    routes: async (app) => {
      await app.register(rekognitionRoutes, { rekognition });
    },
  };
}

/** The plugins page's detail line: analysed, dropped (in all and per camera), over budget, failed. */
function countsOf(analysis: EventAnalysis) {
  const stats = analysis.counters();
  const dropped = Object.values(stats.dropped).reduce((sum, n) => sum + n, 0);
  return { analysed: stats.analysed, dropped, droppedBy: { ...stats.dropped }, skippedBudget: stats.skippedBudget, failed: stats.failed };
}
