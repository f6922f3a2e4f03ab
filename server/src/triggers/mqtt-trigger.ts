import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { brokerUrl, decide, hasWildcard, mqttBindings } from './mqtt-match.js';
import { BaseTrigger, errorMessage } from './trigger.js';

export interface MqttTriggerOptions {
  /** config.json `mqtt.host`: a host name or address, or a whole `mqtt[s]://` / `ws[s]://` URL. */
  host: string;
  /** config.json `mqtt.port` (1883). */
  port?: number;
  /** config.json `mqtt.tls`: `mqtts://`. */
  tls?: boolean;
  username?: string;
  password?: string;
  /** Check the broker's TLS certificate (default true). */
  rejectUnauthorized?: boolean;
  /** PEM certificate(s) to trust for the broker, e.g. a self-signed one (instead of turning the check off). */
  ca?: string;
  clientId?: string;
  /** Where `publishMotionState` goes unless the call names a topic. Default `camera.ui/motion`, as camera.ui. */
  motionStateTopic?: string;
  /** Wait between reconnect attempts (default 5 s). */
  reconnectPeriodMs?: number;
  /** Give up one connection attempt after this long (default 10 s). */
  connectTimeoutMs?: number;
  /** Last will: the broker publishes it (retained, QoS 1) when the connection dies uncleanly (availability `offline`). */
  will?: { topic: string; payload: string };
  /** Extra exact topics this client subscribes to and hands to `handle` instead of the trigger matching (commands). */
  commands?: MqttCommandHandler;
  /** Called after every (re)connect, once subscribed: publishers announce themselves (availability, discovery). */
  onConnected?: (trigger: MqttTrigger) => void;
}

/** What another module hangs on the MQTT trigger's connection (the MQTT publisher: its commands, its announcements). */
export type MqttTriggerHooks = Pick<MqttTriggerOptions, 'commands' | 'onConnected'>;

export interface MqttCommandHandler {
  topics(): string[];
  handle(topic: string, payload: Buffer): void;
}

export const DEFAULT_MOTION_STATE_TOPIC = 'camera.ui/motion';

/** Payloads above this are not considered at all: no trigger message is that long. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** What `publishMotionState` sends, as camera.ui did: `{"camera":"Front Door","state":true,"type":"motion","event":"mqtt"}`. */
export interface MotionStatePayload {
  camera: string;
  state: boolean;
  type: 'motion' | 'doorbell';
  /** Where the change came from: a trigger name, or e.g. `videoanalysis`, `api`, `timeout`. */
  event: string;
}

/**
 * MQTT trigger: a client of the user's broker. Subscribes to every camera's motion, reset and doorbell topic
 * (exact topics) and matches messages as camera.ui did (see `mqtt-match.ts`). Reconnects on its own; status is
 * online while connected. `publishMotionState` publishes a camera's motion state for other systems.
 */
export class MqttTrigger extends BaseTrigger<MqttTriggerOptions> {
  readonly name = 'mqtt' as const;
  private client: MqttClient | null = null;
  private readonly subscribed = new Set<string>();
  private syncing: Promise<void> = Promise.resolve();
  /** Per camera, so one slow handler (e.g. a motion delay) neither blocks other cameras nor reorders one camera's events. */
  private readonly cameraQueues = new Map<string, Promise<void>>();
  private connectError: string | null = null;

  /** The topics it is subscribed to now. */
  subscriptions(): string[] {
    return [...this.subscribed].sort();
  }

  /**
   * Brings the subscriptions in line with the cameras' topics. Call it after a camera's MQTT settings changed;
   * messages are always matched against the current cameras, so a removed topic is ignored even before this runs.
   */
  syncSubscriptions(): Promise<void> {
    const next = this.syncing.then(() => this.doSync());
    this.syncing = next.catch(() => undefined);
    return next;
  }

  connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** The broker's address for messages (`host:port`, never the credentials). */
  brokerDisplay(): string {
    try {
      return brokerUrl(this.options).display;
    } catch {
      return 'the MQTT broker';
    }
  }

  /** Publishes on the trigger's connection. Throws when not connected (nothing is queued) or the broker fails. */
  async publish(topic: string, payload: string | Buffer, options: { qos: 0 | 1; retain: boolean }): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new Error(`MQTT: not connected to ${this.brokerDisplay()}`);
    await client.publishAsync(topic, payload, options);
  }

  /**
   * Publishes a camera's motion state (not retained, QoS 0, like camera.ui). Resolves false when not connected:
   * states are not queued, as a late "motion on" would mislead.
   */
  async publishMotionState(
    camera: string,
    state: boolean,
    options: { topic?: string; type?: 'motion' | 'doorbell'; event?: string } = {},
  ): Promise<boolean> {
    const client = this.client;
    if (!client?.connected) return false;
    const payload: MotionStatePayload = { camera, state, type: options.type ?? 'motion', event: options.event ?? 'homecam' };
    const topic = options.topic ?? this.options.motionStateTopic ?? DEFAULT_MOTION_STATE_TOPIC;
    try {
      await client.publishAsync(topic, JSON.stringify(payload), { qos: 0, retain: false });
      return true;
    } catch (error) {
      this.log.warn({ trigger: 'mqtt', topic, err: errorMessage(error) }, 'MQTT publish failed');
      return false;
    }
  }

  protected async doStart(): Promise<void> {
    const { url, display } = brokerUrl(this.options);
    this.connectError = null;
    // Loaded when a trigger starts, not with the server: most installs have no broker, and the import took ~0.13 s
    // of every start. start/stop are serialised, so a stop waits for this start to finish.
    const { connect } = await import('mqtt');
    const client = connect(url, {
      clientId: this.options.clientId ?? `homecam_${randomBytes(4).toString('hex')}`,
      ...(this.options.username && { username: this.options.username }),
      ...(this.options.password && { password: this.options.password }),
      rejectUnauthorized: this.options.rejectUnauthorized ?? true,
      ...(this.options.ca && { ca: this.options.ca }),
      reconnectPeriod: this.options.reconnectPeriodMs ?? 5_000,
      connectTimeout: this.options.connectTimeoutMs ?? 10_000,
      // A broker that refuses us (bad password, not ready yet) is asked again, like an unreachable one.
      reconnectOnConnackError: true,
      clean: true,
      resubscribe: false, // doSync subscribes after every connect, from the current cameras
      queueQoSZero: false,
      ...(this.options.will && { will: { topic: this.options.will.topic, payload: Buffer.from(this.options.will.payload), qos: 1, retain: true } }),
    });
    this.client = client;
    client.on('connect', () => {
      this.connectError = null;
      this.subscribed.clear();
      this.setStatus('online', null);
      this.log.info({ trigger: 'mqtt', broker: display }, 'MQTT trigger connected');
      void this.syncSubscriptions()
        .catch(() => undefined)
        .then(() => this.options.onConnected?.(this));
    });
    client.on('error', (error) => {
      this.connectError = describeError(error, display);
      if (!client.connected) this.setStatus('offline', this.connectError);
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.setStatus('offline', this.connectError ?? `MQTT trigger: lost the connection to ${display}`);
    });
    client.on('message', (topic, payload) => this.onMessage(topic, payload));

    // Resolve after the first attempt either way: the client goes on trying, and the status tells the outcome.
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        client.off('connect', done);
        client.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, (this.options.connectTimeoutMs ?? 10_000) + 1_000);
      client.once('connect', done);
      client.once('close', done);
    });
  }

  protected async doStop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.subscribed.clear();
    if (!client) return;
    client.removeAllListeners('message');
    // A clean disconnect sends no last will: say it ourselves, briefly, so subscribers do not think us still there.
    const will = this.options.will;
    if (will && client.connected) {
      const published = client.publishAsync(will.topic, will.payload, { qos: 1, retain: true }).catch(() => undefined);
      await Promise.race([published, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    }
    await client.endAsync(true).catch(() => undefined);
    client.removeAllListeners();
    client.on('error', () => undefined); // a late socket error after end must not crash the process
  }

  private async doSync(): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const wanted = new Set<string>();
    for (const binding of mqttBindings(this.cameras())) {
      if (hasWildcard(binding.topic)) {
        this.log.warn({ trigger: 'mqtt', camera: binding.camera, topic: binding.topic }, 'MQTT topics with + or # are not supported: use the exact topic');
      } else wanted.add(binding.topic);
    }
    for (const topic of this.options.commands?.topics() ?? []) if (!hasWildcard(topic)) wanted.add(topic);
    const add = [...wanted].filter((topic) => !this.subscribed.has(topic));
    const remove = [...this.subscribed].filter((topic) => !wanted.has(topic));
    try {
      if (add.length > 0) {
        const granted = await client.subscribeAsync(add, { qos: 1 });
        for (const grant of granted) {
          if (grant.qos === 128) this.log.warn({ trigger: 'mqtt', topic: grant.topic }, 'The broker refused the subscription');
          else this.subscribed.add(grant.topic);
        }
      }
      if (remove.length > 0) {
        await client.unsubscribeAsync(remove);
        for (const topic of remove) this.subscribed.delete(topic);
      }
    } catch (error) {
      // Disconnected meanwhile: the next connect subscribes again.
      this.log.debug({ trigger: 'mqtt', err: errorMessage(error) }, 'MQTT subscribe interrupted');
    }
  }

  private onMessage(topic: string, payload: Buffer): void {
    const commands = this.options.commands;
    if (commands?.topics().includes(topic)) return commands.handle(topic, payload);
    if (payload.length > MAX_PAYLOAD_BYTES) {
      this.log.debug({ trigger: 'mqtt', topic, bytes: payload.length }, 'MQTT message too large for a trigger, ignored');
      return;
    }
    const text = payload.toString('utf8');
    const { actions, invalidJson } = decide(mqttBindings(this.cameras()), topic, text);
    if (actions.length === 0) {
      const why = invalidJson ? 'the payload is not valid JSON' : 'no camera expects this message on this topic';
      this.log.debug({ trigger: 'mqtt', topic, payload: text.slice(0, 200) }, `MQTT message ignored: ${why}`);
      return;
    }
    for (const { camera, action } of actions) {
      const previous = this.cameraQueues.get(camera) ?? Promise.resolve();
      const next = previous.then(async () => {
        const result = await this.deliver(action, camera);
        this.log.info({ trigger: 'mqtt', topic, camera, action, result }, 'MQTT trigger');
      });
      this.cameraQueues.set(camera, next);
      void next.finally(() => {
        if (this.cameraQueues.get(camera) === next) this.cameraQueues.delete(camera);
      });
    }
  }
}

function describeError(error: Error, display: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `MQTT trigger: ${display} refused the connection (is the broker running?)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `MQTT trigger: the broker host of ${display} is not known`;
  if (/^Connection refused: /.test(error.message)) return `MQTT trigger: the broker at ${display} refused us: ${error.message.slice(20)}`;
  return `MQTT trigger: ${display}: ${error.message}`;
}
