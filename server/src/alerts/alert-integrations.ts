import type { IntegrationStatus } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import { StatusTracker, type IntegrationHandle } from '../integrations/integration.js';
import type { AlertPipeline } from './alert-pipeline.js';
import type { AlertChannel } from './channel.js';

/**
 * An alert channel on the plugins page: its state and last error come from the pipeline's status, so the page and
 * Settings → Notifications show the same thing.
 */
export function alertChannelIntegration(channel: AlertChannel, pipeline: AlertPipeline, clock: Clock): IntegrationHandle {
  const tracker = new StatusTracker(clock);
  let seenError: string | null = null;
  return {
    id: `alert-${channel.id}`,
    kind: 'notifier',
    title: `Alerts: ${channel.id}`,
    settingsPath: '/settings/notifications',
    status(): IntegrationStatus {
      const status = pipeline.channelStatus(channel.id);
      if (!status) return tracker.status('disabled', null);
      if (status.lastError && status.lastError.at !== seenError) {
        seenError = status.lastError.at;
        tracker.fail(status.lastError.message, status.lastError.code);
      }
      // The pipeline's own answer (on, or off and why): Settings → Notifications shows the same.
      const detail = { code: 'ALERTS', sent: status.sent, queued: status.queued, dropped: status.dropped, off: status.off } as const;
      if (!status.enabled) return tracker.status('disabled', detail);
      const failing = status.lastError && (!status.lastSuccessAt || status.lastError.at > status.lastSuccessAt);
      return tracker.status(failing ? 'error' : 'running', detail);
    },
  };
}
