import type { EventBus } from '../events/event-bus.js';
import type { MqttTrigger } from './mqtt-trigger.js';

export interface MqttStatePublisherDeps {
  bus: EventBus;
  /** The MQTT trigger now (it comes and goes with config.json); nothing is published without one. */
  mqtt: () => MqttTrigger | undefined;
  log: { warn(context: object, message: string): void };
}

/**
 * camera.ui's motion state topic: every camera event goes to the user's broker as
 * `{"camera","state","type","event"}`. A subscriber of the event bus, so the triggers need not know about it.
 */
export class MqttStatePublisher {
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: MqttStatePublisherDeps) {}

  start(): void {
    const { bus } = this.deps;
    this.unsubscribe.push(
      // A continued motion is the same event: its state was published when it began.
      bus.subscribe('MotionStarted', (e) => !e.continued && this.publish(e.camera, true, 'motion', e.source)),
      bus.subscribe('MotionEnded', (e) => this.publish(e.camera, false, 'motion', e.reason === 'timeout' ? 'timeout' : e.source)),
      bus.subscribe('DoorbellPressed', (e) => this.publish(e.camera, true, 'doorbell', e.source)),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private publish(camera: string, state: boolean, type: 'motion' | 'doorbell', event: string): void {
    this.deps
      .mqtt()
      ?.publishMotionState(camera, state, { type, event })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'MQTT motion state not published'));
  }
}
