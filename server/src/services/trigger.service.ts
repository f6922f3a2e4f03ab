import type { ConfigFile } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { TriggerInfo, TriggerManager } from '../triggers/trigger-manager.js';
import { errorMessage, type Trigger, type TriggerName } from '../triggers/trigger.js';
import type { ConfigService } from './config.service.js';

/** The external triggers for the admin API: statuses and start/stop/restart, kept in step with config.json. */
export class TriggerService {
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly manager: TriggerManager,
    private readonly config: ConfigService,
  ) {}

  /** Applies config.json now and after every change; resolves with the start-up failures by trigger. */
  async start(onError: (error: unknown) => void): Promise<Partial<Record<TriggerName, string>>> {
    this.unsubscribe = this.config.onChange((next: ConfigFile) => {
      this.manager.apply(next).then(() => this.manager.camerasChanged(), onError);
    });
    return this.manager.apply(this.config.get());
  }

  /** The trigger itself (tests read the HTTP trigger's port). */
  get(name: TriggerName): Trigger | undefined {
    return this.manager.get(name);
  }

  /** Whether the MQTT trigger's connection (also the MQTT publisher's) is up. */
  mqttConnected(): boolean {
    return this.manager.mqtt()?.connected() ?? false;
  }

  list(): TriggerInfo[] {
    return this.manager.list();
  }

  async action(name: TriggerName, action: 'start' | 'stop' | 'restart'): Promise<TriggerInfo> {
    if (!this.manager.get(name)) throw new AppError('NOT_FOUND', `the ${name} trigger is not configured`);
    try {
      await this.manager[action](name);
    } catch (error) {
      throw new AppError('BAD_REQUEST', errorMessage(error));
    }
    const info = this.list().find((entry) => entry.name === name);
    if (!info) throw new AppError('NOT_FOUND', `the ${name} trigger is not configured`);
    return info;
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.manager.stopAll();
  }
}
