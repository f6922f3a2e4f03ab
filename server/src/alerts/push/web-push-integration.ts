import type { IntegrationState, IntegrationStatus } from '@homecam/shared';
import { StatusTracker, type IntegrationHandle } from '../../integrations/integration.js';
import type { Clock } from '../../lib/clock.js';
import type { ConfigService } from '../../services/config.service.js';
import type { PushService } from '../../services/push.service.js';

/**
 * Web push on the plugins page: sends a push per new notification while notifications are on (Settings →
 * Notifications). It has no switch of its own; the last failed send is its last error.
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
