import type { IntegrationState, IntegrationStatus, OnvifEventStatus } from '@homecam/shared';
import type { Clock } from '../lib/clock.js';
import { TrackedIntegration } from '../integrations/integration.js';
import type { OnvifEventsService } from './onvif-events.service.js';

/** The whole from the cameras' subscriptions: any retrying is an error, any still connecting is starting. */
function stateOf(statuses: readonly OnvifEventStatus[]): IntegrationState {
  if (statuses.length === 0) return 'disabled';
  if (statuses.some((status) => status.state === 'retrying')) return 'error';
  if (statuses.some((status) => status.state === 'connecting')) return 'starting';
  return 'running';
}

/**
 * Issue 22 on the plugins page: the cameras' ONVIF event subscriptions as one trigger. It has no switch of its own
 * (each camera's "Use the camera's own motion events" in the camera settings is it), so it offers no actions; the
 * last problem of any camera is kept with its code and the camera's name.
 */
export class OnvifEventsIntegration extends TrackedIntegration {
  constructor(private readonly service: Pick<OnvifEventsService, 'list' | 'onStatus'>, clock: Clock) {
    super({ id: 'onvif-events', kind: 'trigger', title: 'ONVIF camera events', settingsPath: '/settings/cameras' }, clock);
    service.onStatus((status) => {
      // The service already removed the camera's password from the message.
      if (status.problem) this.tracker.fail(`${status.camera}: ${status.problem.message}`, status.problem.code);
    });
  }

  status(): IntegrationStatus {
    const statuses = this.service.list();
    const count = (state: OnvifEventStatus['state']) => statuses.filter((status) => status.state === state).length;
    return this.tracker.status(stateOf(statuses), { code: 'ONVIF_EVENTS', cameras: statuses.length, connected: count('connected'), retrying: count('retrying') });
  }
}
