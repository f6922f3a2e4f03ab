import type { ConfigFileInput } from '@homecam/shared';
import { EventEmitter } from 'node:events';
import { FtpTrigger, type FtpTriggerOptions } from './ftp-trigger.js';
import { HttpTrigger, type HttpTriggerOptions } from './http-trigger.js';
import { MqttTrigger, type MqttTriggerOptions } from './mqtt-trigger.js';
import { SmtpTrigger, type SmtpTriggerOptions } from './smtp-trigger.js';
import {
  TRIGGER_NAMES,
  errorMessage,
  type Trigger,
  type TriggerDeps,
  type TriggerName,
  type TriggerStatus,
  type TriggerStatusEvent,
} from './trigger.js';

/**
 * The trigger blocks of config.json, from the one shared schema (the input side: every field may be absent,
 * `triggerOptionsFromConfig` applies camera.ui's defaults). The smtp/ftp user and password are in it.
 */
export type TriggersConfig = Pick<ConfigFileInput, 'http' | 'smtp' | 'ftp' | 'mqtt'>;

/** Options that config.json does not hold (listen address, MQTT state topic, passive ports …), per trigger. */
export interface TriggerExtras {
  http?: Partial<HttpTriggerOptions>;
  smtp?: Partial<SmtpTriggerOptions>;
  ftp?: Partial<FtpTriggerOptions>;
  mqtt?: Partial<MqttTriggerOptions>;
}

interface Planned {
  http: { active: boolean; options: HttpTriggerOptions };
  smtp: { active: boolean; options: SmtpTriggerOptions };
  ftp: { active: boolean; options: FtpTriggerOptions };
  mqtt: { active: boolean; options: MqttTriggerOptions };
}

const orUndefined = (value: string | undefined): string | undefined => (value ? value : undefined);

/** config.json blocks → each trigger's options, with camera.ui's defaults. Pure. */
export function triggerOptionsFromConfig(config: TriggersConfig, extras: TriggerExtras = {}): Planned {
  const { http = {}, smtp = {}, ftp = {}, mqtt = {} } = config;
  return {
    http: { active: !!http.active, options: { port: http.port ?? 7272, localOnly: !!http.localhttp, token: orUndefined(http.token), ...extras.http } },
    smtp: {
      active: !!smtp.active,
      options: {
        port: smtp.port ?? 2727,
        spaceReplace: smtp.space_replace ?? '+',
        username: orUndefined(smtp.username),
        password: orUndefined(smtp.password),
        ...extras.smtp,
      },
    },
    ftp: {
      active: !!ftp.active,
      options: { port: ftp.port ?? 5050, useFile: !!ftp.useFile, username: orUndefined(ftp.username), password: orUndefined(ftp.password), ...extras.ftp },
    },
    mqtt: {
      active: !!mqtt.active,
      options: {
        host: mqtt.host ?? '',
        port: mqtt.port ?? 1883,
        tls: !!mqtt.tls,
        username: orUndefined(mqtt.username),
        password: orUndefined(mqtt.password),
        ...availabilityWill(mqtt.publish),
        ...extras.mqtt,
      },
    },
  };
}

/** Issue 9: while publishing is on, the broker marks HomeCam `offline` at `<baseTopic>/available` when the connection dies. */
function availabilityWill(publish: { active?: boolean | undefined; baseTopic?: string | undefined } | undefined): Pick<MqttTriggerOptions, 'will'> {
  if (publish?.active === false) return {};
  return { will: { topic: `${publish?.baseTopic ?? 'homecam'}/available`, payload: 'offline' } };
}

export interface TriggerInfo {
  name: TriggerName;
  /** What config.json says (`<name>.active`). */
  active: boolean;
  status: TriggerStatus;
  error: string | null;
}

/**
 * Owns the four triggers: `apply` follows config.json (a changed block restarts its trigger, an inactive one
 * stops), `start`/`stop`/`restart` are the admin actions, `list` the statuses. Emits `status` (TriggerStatusEvent).
 */
export class TriggerManager extends EventEmitter {
  private readonly triggers = new Map<TriggerName, { trigger: Trigger; active: boolean; key: string }>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly forward = (event: TriggerStatusEvent): void => void this.emit('status', event);

  constructor(
    private readonly deps: TriggerDeps,
    private readonly extras: TriggerExtras = {},
  ) {
    super();
  }

  /**
   * Brings the triggers in line with the config. Never throws for one trigger's failure: that trigger stays
   * offline with its error, which `list()` shows. Resolves with the failures by trigger.
   */
  apply(config: TriggersConfig): Promise<Partial<Record<TriggerName, string>>> {
    return this.serialise(async () => {
      const planned = triggerOptionsFromConfig(config, this.extras);
      const failures: Partial<Record<TriggerName, string>> = {};
      for (const name of TRIGGER_NAMES) {
        const { active, options } = planned[name];
        const key = JSON.stringify(options);
        let entry = this.triggers.get(name);
        if (entry && entry.key !== key) {
          await entry.trigger.stop();
          entry.trigger.off('status', this.forward);
          entry = undefined;
        }
        if (!entry) {
          entry = { trigger: this.create(name, planned), active, key };
          entry.trigger.on('status', this.forward);
          this.triggers.set(name, entry);
        }
        entry.active = active;
        try {
          if (active) await entry.trigger.start();
          else await entry.trigger.stop();
        } catch (error) {
          failures[name] = errorMessage(error);
        }
      }
      return failures;
    });
  }

  override on(event: 'status', listener: (event: TriggerStatusEvent) => void): this {
    return super.on(event, listener);
  }

  override off(event: 'status', listener: (event: TriggerStatusEvent) => void): this {
    return super.off(event, listener);
  }

  list(): TriggerInfo[] {
    return TRIGGER_NAMES.map((name) => {
      const entry = this.triggers.get(name);
      return { name, active: entry?.active ?? false, status: entry?.trigger.status() ?? 'offline', error: entry?.trigger.lastError() ?? null };
    });
  }

  get(name: TriggerName): Trigger | undefined {
    return this.triggers.get(name)?.trigger;
  }

  /** The MQTT trigger, for `publishMotionState` and `syncSubscriptions`. */
  mqtt(): MqttTrigger | undefined {
    const trigger = this.triggers.get('mqtt')?.trigger;
    return trigger instanceof MqttTrigger ? trigger : undefined;
  }

  /** Admin actions; they do not change config.json. Rejects with the trigger's clear error. */
  start(name: TriggerName): Promise<void> {
    return this.serialise(() => this.require(name).start());
  }

  stop(name: TriggerName): Promise<void> {
    return this.serialise(() => this.require(name).stop());
  }

  restart(name: TriggerName): Promise<void> {
    return this.serialise(() => this.require(name).restart());
  }

  /** After camera changes: MQTT subscribes to the new topics (the others read the cameras on every message). */
  async camerasChanged(): Promise<void> {
    await this.mqtt()?.syncSubscriptions();
  }

  stopAll(): Promise<void> {
    return this.serialise(async () => {
      for (const { trigger } of this.triggers.values()) await trigger.stop();
    });
  }

  private require(name: TriggerName): Trigger {
    const trigger = this.triggers.get(name)?.trigger;
    if (!trigger) throw new Error(`The ${name} trigger is not configured`);
    return trigger;
  }

  private create(name: TriggerName, planned: Planned): Trigger {
    switch (name) {
      case 'http':
        return new HttpTrigger(planned.http.options, this.deps);
      case 'smtp':
        return new SmtpTrigger(planned.smtp.options, this.deps);
      case 'ftp':
        return new FtpTrigger(planned.ftp.options, this.deps);
      case 'mqtt':
        return new MqttTrigger(planned.mqtt.options, this.deps);
    }
  }

  private serialise<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
