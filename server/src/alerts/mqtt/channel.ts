import type { Alert, AlertChannel } from '../channel.js';
import { TransientAlertError } from '../channel.js';
import type { MqttTrigger } from '../../triggers/mqtt-trigger.js';
import type { MqttHaPublisher } from './ha-publisher.js';

export interface MqttChannelDeps {
  /** The runtime's publisher (HomecamContext.mqttPublisher); its connection is the MQTT trigger's. */
  publisher: MqttHaPublisher;
  /** One delivery gives up after this long (default 10 s). */
  timeoutMs?: number;
}

/** Rejects after `ms` or when the pipeline aborts: a broker that never acknowledges must not hold the queue. */
function bounded<T>(work: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (message: string): void => reject(new TransientAlertError(message));
    const timer = setTimeout(() => fail(`MQTT: no acknowledgement within ${ms} ms`), ms);
    const onAbort = (): void => fail('MQTT: delivery aborted');
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/**
 * The MQTT alert channel (id `mqtt`): a camera event goes to the broker of the MQTT trigger with QoS 1 — its
 * state, camera.ui's JSON on the camera's `mqttTopic` and the snapshot. The continuous states (ON/OFF,
 * availability, discovery, privacy) are the publisher's, from the event bus; an event the bus path already
 * published is not sent twice.
 */
export function createMqttChannel(deps: MqttChannelDeps): AlertChannel {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const connection = (): MqttTrigger => {
    const mqtt = deps.publisher.connection();
    if (!mqtt?.connected()) throw new TransientAlertError(`MQTT: not connected to ${mqtt?.brokerDisplay() ?? 'the broker'}`);
    return mqtt;
  };
  return {
    id: 'mqtt',
    // Off without a broker (mqttPublishOff): never "on and retrying" against nothing.
    enabled: () => deps.publisher.active() && deps.publisher.connection() !== undefined,
    offReason: () => deps.publisher.offReason() ?? 'BROKER_OFF',
    accepts: (alert: Alert) => {
      const { camera, notification } = alert;
      if (!camera || notification.level !== 'event') return false;
      if (notification.type !== 'motion' && notification.type !== 'doorbell') return false;
      return !camera.alertChannels || camera.alertChannels.includes('mqtt');
    },
    deliver: async (alert, signal) => {
      connection();
      const { notification } = alert;
      const type = notification.type === 'doorbell' ? 'doorbell' : 'motion';
      const event = {
        camera: alert.camera?.name ?? notification.camera ?? '',
        type,
        source: notification.trigger ?? 'homecam',
        at: Date.parse(notification.timestamp),
        snapshot: () => alert.snapshot(),
        labels: notification.labels,
      } as const;
      try {
        await bounded(deps.publisher.publishEvent(event, 1), timeoutMs, signal);
      } catch (error) {
        if (error instanceof TransientAlertError) throw error;
        // The connection broke mid-publish: worth another try.
        throw new TransientAlertError(`MQTT: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    test: async (signal) => {
      const mqtt = connection();
      const topic = `${deps.publisher.baseTopic()}/test`;
      const payload = JSON.stringify({ message: 'HomeCam test message', at: new Date().toISOString() });
      await bounded(mqtt.publish(topic, payload, { qos: 1, retain: false }), timeoutMs, signal);
      return { detail: `published to ${mqtt.brokerDisplay()}` };
    },
  };
}
