import type { IntegrationState, IntegrationStatus } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import { TrackedIntegration } from '../integrations/integration.js';
import type { ConfigService } from '../services/config.service.js';
import type { HomekitService } from './homekit-service.js';

const STATES: Record<ReturnType<HomekitService['status']>['state'], IntegrationState> = {
  off: 'disabled',
  starting: 'starting',
  running: 'running',
  error: 'error',
};

/**
 * The bridge on the plugins page. Start/stop switch config.json `homekit.active` (the bridge follows the config,
 * the choice survives a restart of HomeCam); restart publishes the running bridge again. Errors (taken port,
 * unknown bind interface) are kept with their time by the tracker.
 */
export class HomekitIntegration extends TrackedIntegration {
  constructor(private readonly deps: { service: HomekitService; config: ConfigService; clock: Clock }) {
    super({ id: 'homekit', kind: 'notifier', title: 'HomeKit bridge', settingsPath: '/settings/system' }, deps.clock);
  }

  status(): IntegrationStatus {
    const status = this.deps.service.status();
    const detail = { code: 'HOMEKIT', port: status.port, cameras: status.accessories, pairings: status.pairings } as const;
    return this.tracker.status(status.active ? STATES[status.state] : 'disabled', detail);
  }

  async start(): Promise<void> {
    await this.switchTo(true);
  }

  async stop(): Promise<void> {
    await this.switchTo(false);
  }

  async restart(): Promise<void> {
    if (!this.deps.service.status().active) throw new AppError('PLUGIN_ACTION_UNSUPPORTED', 'the HomeKit bridge is switched off: start it instead');
    await this.deps.service.restart();
  }

  /** Writes `active`; the config listener queues the bridge's apply, which this waits for. */
  private async switchTo(active: boolean): Promise<void> {
    await this.deps.config.patchSection('homekit', { active });
    await this.deps.service.apply();
  }
}
