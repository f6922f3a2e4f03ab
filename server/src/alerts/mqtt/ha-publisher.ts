import { mqttPublishOff, type AlertChannelOffReason, type Camera, type MqttPublishSettings } from '@homecam/shared';
import type { EventBus } from '../../events/event-bus.js';
import type { MqttCommandHandler, MqttTrigger } from '../../triggers/mqtt-trigger.js';
import { DiscoverySync } from './discovery-sync.js';
import { availabilityTopic, cameraSlugs, cameraTopics, objectLabelsOf, objectTopic } from './topics.js';

export interface MqttPublishLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
}

export interface MqttHaPublisherDeps {
  bus: EventBus;
  /** The MQTT trigger now (it comes and goes with config.json): the one broker connection. */
  mqtt: () => MqttTrigger | undefined;
  cameras: () => readonly Camera[];
  /** config.json `mqtt.publish`, whether `mqtt.active`, and the broker's host ('' when none is set). */
  settings: () => { brokerActive: boolean; host: string; publish: MqttPublishSettings };
  /** Switches a camera's privacy mode the way the web UI does (CameraService.update). */
  setPrivacy: (camera: string, on: boolean) => Promise<void>;
  /** A fresh JPEG of the camera, or null (offline, disabled …). */
  snapshot: (camera: string) => Promise<Buffer | null>;
  version: string;
  log: MqttPublishLog;
}

/** One camera event as published: the state, the camera's own topic (camera.ui's JSON) and the snapshot. */
export interface CameraEventMessage {
  camera: string;
  type: 'motion' | 'doorbell';
  /** Trigger source (`mqtt`, `http`, `videoanalysis` …), as in camera.ui's JSON `event`. */
  source: string;
  at: number;
  image?: Buffer | undefined;
  /** Where the JPEG comes from when `image` is absent (default: a fresh snapshot of the camera). */
  snapshot?: (() => Promise<Buffer | null>) | undefined;
  /** What the event shows (an object event's label): each of the camera's object sensors among them turns ON. */
  labels?: readonly string[] | undefined;
}

const RECENT_EVENTS = 200;

const isJpeg = (data: Buffer): boolean => data.length > 4 && data[0] === 0xff && data[1] === 0xd8;

/**
 * MQTT publishing with Home Assistant discovery over the MQTT trigger's connection: availability (LWT `offline`),
 * per camera motion ON/OFF (retained), doorbell events, the event snapshot (retained JPEG), privacy state and its
 * command topic, and the discovery configs (kept in line with the cameras). Runs from the event bus.
 */
export class MqttHaPublisher {
  private readonly unsubscribe: (() => void)[] = [];
  private readonly discovery: DiscoverySync;
  /** Events already published (or in flight), so the alert channel and the bus path publish each event once. */
  private readonly events = new Map<string, Promise<void>>();
  private readonly privacyPublished = new Map<string, boolean>();
  private readonly motion = new Map<string, boolean>();
  /** Object labels ON per camera, until its motion ends. */
  private readonly objects = new Map<string, Set<string>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: MqttHaPublisherDeps) {
    this.discovery = new DiscoverySync((topic, payload) => this.send(topic, payload, 1, true));
  }

  /** Whether publishing is on: mqtt.publish.active, mqtt.active and a broker host (mqttPublishOff). */
  active(): boolean {
    return this.offReason() === null;
  }

  /** Why publishing is off (null when on): the same rule the settings page and the plugins page show. */
  offReason(): AlertChannelOffReason | null {
    const { brokerActive, host, publish } = this.deps.settings();
    return mqttPublishOff({ active: brokerActive, host, publish });
  }

  /** For the trigger's options: the privacy command topics and what to do with them. */
  readonly commands: MqttCommandHandler = {
    topics: () => (this.active() ? [...this.slugs().values()].map((slug) => cameraTopics(this.base(), slug).privacySet) : []),
    handle: (topic, payload) => void this.onPrivacyCommand(topic, payload.toString('utf8')),
  };

  start(): void {
    const { bus } = this.deps;
    const event = (e: CameraEventMessage): void => {
      // Without a connection there is nobody to tell: the trigger reports its own state, the alert channel (QoS 1)
      // retries what it owns. A warning per camera event would only bury the log.
      if (!this.deps.mqtt()?.connected()) return;
      this.publishEvent(e, 0).catch((error: unknown) => this.deps.log.warn({ camera: e.camera, err: error }, 'MQTT event not published'));
    };
    this.unsubscribe.push(
      bus.subscribe('MotionStarted', (e) => !e.continued && event({ camera: e.camera, type: 'motion', source: e.source, at: e.at, image: e.image })),
      bus.subscribe('MotionEnded', (e) => this.motionEnded(e.camera, e.reason === 'timeout' ? 'timeout' : e.source)),
      bus.subscribe('DoorbellPressed', (e) => event({ camera: e.camera, type: 'doorbell', source: e.source, at: e.at })),
      bus.subscribe('ObjectDetected', (e) => event({ camera: e.camera, type: 'motion', source: e.source, at: e.at, image: e.image, labels: [e.label] })),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** After every (re)connect (the trigger's onConnected): online, discovery, current states. */
  connected(): Promise<void> {
    return this.serialise(async () => {
      if (!this.active()) return;
      await this.send(availabilityTopic(this.base()), 'online', 1, true);
      this.privacyPublished.clear();
      await this.doSync(true);
    });
  }

  /** The cameras or the settings changed: discovery configs added/removed, privacy states published. */
  sync(): Promise<void> {
    return this.serialise(() => this.doSync(false));
  }

  private serialise(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch((error: unknown) => this.deps.log.warn({ err: error }, 'MQTT discovery not published'));
    return next;
  }

  private async doSync(all: boolean): Promise<void> {
    const mqtt = this.deps.mqtt();
    if (!mqtt?.connected()) return;
    const { publish } = this.deps.settings();
    const cameras = this.active() ? this.deps.cameras() : [];
    await this.discovery.apply(publish.discovery ? cameras : [], this.slugs(), publish, this.deps.version, all);
    for (const camera of cameras) {
      const topics = cameraTopics(this.base(), this.slugOf(camera.name));
      if (this.privacyPublished.get(camera.name) !== camera.privacyMode) {
        await this.send(topics.privacy, camera.privacyMode ? 'ON' : 'OFF', 1, true);
        this.privacyPublished.set(camera.name, camera.privacyMode);
      }
      if (!all) continue;
      await this.send(topics.motion, this.motion.get(camera.name) ? 'ON' : 'OFF', 1, true);
      const on = this.objects.get(camera.name);
      for (const label of objectLabelsOf(camera)) await this.send(objectTopic(this.base(), this.slugOf(camera.name), label), on?.has(label) ? 'ON' : 'OFF', 1, true);
    }
    if (all) await mqtt.syncSubscriptions(); // the command topics of new cameras
  }

  /**
   * Publishes one camera event once (the bus path and the alert channel share it): motion ON or the doorbell event,
   * camera.ui's JSON on the camera's `mqttTopic`, and the snapshot. Rejects when not connected.
   */
  publishEvent(event: CameraEventMessage, qos: 0 | 1): Promise<void> {
    const key = `${event.camera}|${event.type}|${event.at}`;
    const known = this.events.get(key);
    if (known) return known;
    const done = this.doPublishEvent(event, qos);
    this.events.set(key, done);
    done.catch(() => this.events.get(key) === done && this.events.delete(key));
    while (this.events.size > RECENT_EVENTS) this.events.delete(this.events.keys().next().value as string);
    return done;
  }

  private async doPublishEvent(event: CameraEventMessage, qos: 0 | 1): Promise<void> {
    const mqtt = this.deps.mqtt();
    if (!mqtt?.connected()) throw new Error('MQTT: not connected to the broker');
    const camera = this.deps.cameras().find((c) => c.name === event.camera);
    if (!camera) return;
    // camera.ui's message on the camera's own topic, whether or not publishing is on (as before issue 9).
    const wanted = objectLabelsOf(camera);
    const labels = (event.labels ?? []).filter((label) => wanted.includes(label));
    const json = JSON.stringify({ camera: camera.name, state: true, type: event.type, event: event.source, ...(labels.length > 0 && { labels }) });
    await mqtt.publish(camera.mqttTopic || 'camera.ui/motion', json, { qos, retain: false });
    if (!this.active()) return;
    const topics = cameraTopics(this.base(), this.slugOf(camera.name));
    if (event.type === 'motion') {
      this.motion.set(camera.name, true);
      await mqtt.publish(topics.motion, 'ON', { qos, retain: true });
      await this.objectsOn(camera.name, labels, qos);
    } else {
      await mqtt.publish(topics.doorbell, JSON.stringify({ event_type: 'ring' }), { qos, retain: false });
    }
    // The trigger's picture (FTP upload, mail attachment) only when it is a JPEG, as the camera entity expects.
    const given = event.image && isJpeg(event.image) ? event.image : undefined;
    const image = given ?? (await (event.snapshot ?? (() => this.deps.snapshot(camera.name)))().catch(() => null));
    if (image) await mqtt.publish(topics.snapshot, image, { qos, retain: true });
  }

  /** The camera's object sensors of these labels ON (retained) until its motion ends. */
  private async objectsOn(camera: string, labels: readonly string[], qos: 0 | 1): Promise<void> {
    const mqtt = this.deps.mqtt();
    if (!mqtt || labels.length === 0) return;
    const on = this.objects.get(camera) ?? new Set<string>();
    this.objects.set(camera, on);
    for (const label of labels) {
      on.add(label);
      await mqtt.publish(objectTopic(this.base(), this.slugOf(camera), label), 'ON', { qos, retain: true });
    }
  }

  private motionEnded(name: string, source: string): void {
    const mqtt = this.deps.mqtt();
    const camera = this.deps.cameras().find((c) => c.name === name);
    // The objects of this motion are gone from the sensors with it, connected or not (a reconnect publishes the states).
    const objects = [...(this.objects.get(name) ?? [])];
    this.objects.delete(name);
    if (!mqtt?.connected() || !camera) return;
    this.motion.set(name, false);
    const json = JSON.stringify({ camera: name, state: false, type: 'motion', event: source });
    const work = async (): Promise<void> => {
      await mqtt.publish(camera.mqttTopic || 'camera.ui/motion', json, { qos: 0, retain: false });
      if (!this.active()) return;
      await mqtt.publish(cameraTopics(this.base(), this.slugOf(name)).motion, 'OFF', { qos: 1, retain: true });
      for (const label of objects) await mqtt.publish(objectTopic(this.base(), this.slugOf(name), label), 'OFF', { qos: 1, retain: true });
    };
    work().catch((error: unknown) => this.deps.log.warn({ camera: name, err: error }, 'MQTT motion state not published'));
  }

  private async onPrivacyCommand(topic: string, text: string): Promise<void> {
    const name = [...this.slugs()].find(([, slug]) => cameraTopics(this.base(), slug).privacySet === topic)?.[0];
    const value = text.trim().toUpperCase();
    if (!name || !['ON', 'OFF'].includes(value)) {
      this.deps.log.warn({ topic, payload: text.slice(0, 40) }, 'MQTT privacy command ignored: expected ON or OFF');
      return;
    }
    try {
      await this.deps.setPrivacy(name, value === 'ON');
      this.deps.log.info({ camera: name, privacy: value }, 'Privacy mode switched over MQTT');
    } catch (error) {
      this.deps.log.warn({ camera: name, err: error }, 'MQTT privacy command failed');
    }
    // The state as it is now (switched, or unchanged after a failure), so Home Assistant's switch shows the truth.
    const camera = this.deps.cameras().find((c) => c.name === name);
    if (!camera) return;
    this.privacyPublished.set(name, camera.privacyMode);
    await this.send(cameraTopics(this.base(), this.slugOf(name)).privacy, camera.privacyMode ? 'ON' : 'OFF', 1, true);
  }

  private async send(topic: string, payload: string, qos: 0 | 1, retain: boolean): Promise<void> {
    const mqtt = this.deps.mqtt();
    if (!mqtt?.connected()) return;
    try {
      await mqtt.publish(topic, payload, { qos, retain });
    } catch (error) {
      this.deps.log.warn({ topic, err: error }, 'MQTT publish failed');
    }
  }

  /** The broker connection (the MQTT trigger), if there is one now. */
  connection(): MqttTrigger | undefined {
    return this.deps.mqtt();
  }

  baseTopic(): string {
    return this.base();
  }

  private base(): string {
    return this.deps.settings().publish.baseTopic;
  }

  private slugs(): Map<string, string> {
    return cameraSlugs(this.deps.cameras());
  }

  private slugOf(name: string): string {
    return this.slugs().get(name) ?? 'camera';
  }
}
