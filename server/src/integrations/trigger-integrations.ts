import type { IntegrationDetail, IntegrationState, IntegrationStatus, IntegrationWarning } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { Clock } from '../lib/clock.js';
import type { ConfigService } from '../services/config.service.js';
import type { TriggerService } from '../services/trigger.service.js';
import type { TriggerManager } from '../triggers/trigger-manager.js';
import type { TriggerName, TriggerStatusEvent } from '../triggers/trigger.js';
import { StatusTracker, TrackedIntegration, type IntegrationHandle } from './integration.js';

const TITLES: Record<TriggerName, string> = { http: 'HTTP trigger', mqtt: 'MQTT trigger', smtp: 'SMTP trigger', ftp: 'FTP trigger' };

export interface TriggerIntegrationDeps {
  triggers: TriggerService;
  /** For the status events: every error is kept with its time, even one that cleared before anyone looked. */
  manager: Pick<TriggerManager, 'on'>;
  config: ConfigService;
  clock: Clock;
}

/** The configured passwords and token: never part of a kept error message. */
function triggerSecrets(config: ConfigService): string[] {
  const { http, smtp, ftp, mqtt } = config.get();
  return [http.token, smtp.password, ftp.password, mqtt.password].filter((value): value is string => !!value);
}

/**
 * One of the four triggers. Start/stop switch `<name>.active` in config.json (through the config service, so the
 * trigger follows live and the choice survives a restart of HomeCam, as the settings show it); restart stops and
 * starts the running instance. A start that fails answers the trigger's `error` state with the message.
 */
export class TriggerIntegration implements IntegrationHandle {
  readonly id: string;
  readonly kind = 'trigger' as const;
  readonly title: string;
  readonly settingsPath = '/config';
  private readonly tracker: StatusTracker;

  constructor(
    private readonly name: TriggerName,
    private readonly deps: TriggerIntegrationDeps,
  ) {
    this.id = `${name}-trigger`;
    this.title = TITLES[name];
    this.tracker = new StatusTracker(deps.clock, () => triggerSecrets(deps.config));
    deps.manager.on('status', (event: TriggerStatusEvent) => {
      if (event.name === name && event.error) this.tracker.fail(event.error);
    });
  }

  status(): IntegrationStatus {
    const active = this.deps.config.get()[this.name].active;
    const info = this.deps.triggers.list().find((entry) => entry.name === this.name);
    const running = this.deps.triggers.get(this.name)?.isRunning() ?? false;
    let state: IntegrationState;
    if (!active) state = 'disabled';
    else if (info?.status === 'online') state = 'running';
    else if (info?.error) state = 'error';
    else state = running ? 'starting' : 'stopped';
    return this.tracker.status(state, this.detail());
  }

  /**
   * An HTTP trigger without a token that listens beyond this machine answers anyone on the network (a config.json
   * from before new installs got a token keeps working that way; the page says so).
   */
  warnings(): IntegrationWarning[] {
    if (this.name !== 'http') return [];
    const { http } = this.deps.config.get();
    return !http.token && !http.localhttp ? ['TRIGGER_OPEN'] : [];
  }

  async start(): Promise<void> {
    await this.switchTo(true);
  }

  async stop(): Promise<void> {
    await this.switchTo(false);
  }

  async restart(): Promise<void> {
    if (!this.deps.config.get()[this.name].active) {
      throw new AppError('PLUGIN_ACTION_UNSUPPORTED', `the ${this.name} trigger is switched off: start it instead`);
    }
    await this.quietly(this.deps.triggers.action(this.name, 'restart'));
  }

  /**
   * Writes `active`; the config listener queues the trigger manager's apply before this resolves, so the
   * action queued after it runs once the trigger followed (and starts one an earlier stop left offline).
   */
  private async switchTo(active: boolean): Promise<void> {
    await this.deps.config.patchSection(this.name, { active });
    await this.quietly(this.deps.triggers.action(this.name, active ? 'start' : 'stop'));
  }

  /** A failed start is the trigger's error state (kept by the status event), not a failed request. */
  private async quietly(action: Promise<unknown>): Promise<void> {
    try {
      await action;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
      this.tracker.fail(error.message);
    }
  }

  private detail(): IntegrationDetail {
    const config = this.deps.config.get();
    switch (this.name) {
      case 'http':
        return { code: 'PORT', port: config.http.port, localOnly: config.http.localhttp };
      case 'smtp':
        return { code: 'PORT', port: config.smtp.port, localOnly: false };
      case 'ftp':
        return { code: 'PORT', port: config.ftp.port, localOnly: false };
      case 'mqtt':
        return config.mqtt.host ? { code: 'BROKER', broker: `${config.mqtt.host}:${config.mqtt.port}`, tls: config.mqtt.tls } : { code: 'NO_BROKER' };
    }
  }
}

/**
 * camera.ui's motion state topic, published to the MQTT trigger's broker. It has no switch of its own: it
 * follows the MQTT trigger; publish failures are kept as its last error.
 */
export class MqttStateIntegration extends TrackedIntegration {
  constructor(private readonly deps: Pick<TriggerIntegrationDeps, 'triggers' | 'config' | 'clock'>) {
    super({ id: 'mqtt-state', kind: 'notifier', title: 'MQTT motion state', settingsPath: '/config' }, deps.clock, () => triggerSecrets(deps.config));
  }

  status(): IntegrationStatus {
    const active = this.deps.config.get().mqtt.active;
    const info = this.deps.triggers.list().find((entry) => entry.name === 'mqtt');
    const state: IntegrationState = !active ? 'disabled' : info?.status === 'online' ? 'running' : info?.error ? 'error' : 'stopped';
    return this.tracker.status(state, { code: 'FOLLOWS_MQTT_TRIGGER' });
  }
}
