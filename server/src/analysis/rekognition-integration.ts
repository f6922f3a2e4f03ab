import type { AnalysisCounts, IntegrationStatus } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import { TrackedIntegration } from '../integrations/integration.js';
import type { ConfigService } from '../services/config.service.js';
import type { RekognitionSettingsService } from '../services/rekognition-settings.service.js';
import type { RekognitionUsageService } from '../services/rekognition-usage.service.js';

/**
 * AWS Rekognition on the plugins page: `ready` when switched on with keys and
 * budget left, `error` when switched on without them, `disabled` when off. Never `running`: nothing runs
 * until an event asks. Start/stop switch `aws.active` in config.json. The analysis reports failures with `fail`.
 */
export class RekognitionIntegration extends TrackedIntegration {
  constructor(
    private readonly deps: {
      settings: RekognitionSettingsService;
      usage: RekognitionUsageService;
      config: ConfigService;
      clock: Clock;
      /** The analysis' counters for the detail line. */
      counts: () => AnalysisCounts;
    },
  ) {
    super({ id: 'rekognition', kind: 'analysis', title: 'AWS Rekognition', settingsPath: '/settings/rekognition' }, deps.clock, () => [
      deps.config.get().aws?.secretAccessKey,
    ]);
  }

  async status(): Promise<IntegrationStatus> {
    const { active, hasKeys } = this.deps.settings.configured();
    const usage = await this.deps.usage.current();
    const budget = { code: 'REKOGNITION', left: usage.left, total: usage.total, analysis: this.deps.counts() } as const;
    if (!active) return this.tracker.status('disabled', budget);
    if (!hasKeys) return this.tracker.status('error', { code: 'KEYS_MISSING' });
    if (usage.left <= 0) return this.tracker.status('error', { code: 'BUDGET_USED_UP', total: usage.total });
    return this.tracker.status('ready', budget);
  }

  async start(): Promise<void> {
    await this.deps.settings.setActive(true);
  }

  async stop(): Promise<void> {
    await this.deps.settings.setActive(false);
  }
}
