import type { AnalysisCounts, IntegrationState, IntegrationStatus } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import type { ConfigService } from '../services/config.service.js';
import type { PushService } from '../services/push.service.js';
import type { RekognitionSettingsService } from '../services/rekognition-settings.service.js';
import type { RekognitionUsageService } from '../services/rekognition-usage.service.js';
import { StatusTracker, type IntegrationHandle } from './integration.js';

/**
 * Web push: sends a push per new notification while notifications are on (Settings → Notifications). It has no
 * switch of its own; the last failed send is its last error.
 */
export class WebPushIntegration implements IntegrationHandle {
  readonly id = 'web-push';
  readonly kind = 'notifier' as const;
  readonly title = 'Web push';
  readonly settingsPath = '/settings/notifications';
  private readonly tracker: StatusTracker;

  constructor(private readonly deps: { push: PushService; config: ConfigService; clock: Clock }) {
    this.tracker = new StatusTracker(deps.clock);
  }

  /** The PushNotifier's onFailure. */
  fail(message: string): void {
    this.tracker.fail(message);
  }

  async status(): Promise<IntegrationStatus> {
    const { keys, subscriptions } = await this.deps.push.summary();
    const state: IntegrationState = this.deps.config.get().notifications.active ? 'running' : 'disabled';
    return this.tracker.status(state, { code: 'PUSH', devices: subscriptions, keys });
  }
}

/**
 * AWS Rekognition (the analysis itself arrives with the alert channels): `ready` when switched on with keys and
 * budget left, `error` when switched on without them, `disabled` when off. Never `running`: nothing runs
 * until an event asks. Start/stop switch `aws.active` in config.json. The analysis reports failures with `fail`.
 */
export class RekognitionIntegration implements IntegrationHandle {
  readonly id = 'rekognition';
  readonly kind = 'analysis' as const;
  readonly title = 'AWS Rekognition';
  readonly settingsPath = '/settings/rekognition';
  private readonly tracker: StatusTracker;

  constructor(private readonly deps: { settings: RekognitionSettingsService; usage: RekognitionUsageService; config: ConfigService; clock: Clock }) {
    this.tracker = new StatusTracker(deps.clock, () => [deps.config.get().aws?.secretAccessKey]);
  }

  /** The analysis' counters for the detail line (set by the runtime once the analysis exists). */
  analysisCounts: (() => AnalysisCounts) | null = null;

  fail(message: string): void {
    this.tracker.fail(message);
  }

  async status(): Promise<IntegrationStatus> {
    const { active, hasKeys } = this.deps.settings.configured();
    const usage = await this.deps.usage.current();
    const budget = { code: 'REKOGNITION', left: usage.left, total: usage.total, analysis: this.analysisCounts?.() ?? null } as const;
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
