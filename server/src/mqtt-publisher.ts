import { APP_VERSION } from '@homecam/shared';
import type { FastifyBaseLogger } from 'fastify';
import { MqttHaPublisher } from './alerts/mqtt/index.js';
import type { AppContext } from './context/context.js';
import type { TriggerManager } from './triggers/trigger-manager.js';

/** Issue 9: the MQTT publisher (states, snapshots, HA discovery, privacy commands) on the MQTT trigger's connection. */
export function createMqttPublisher(
  ctx: AppContext,
  manager: () => TriggerManager,
  warn: (context: object, message: string) => void,
  log: FastifyBaseLogger,
): MqttHaPublisher {
  return new MqttHaPublisher({
    bus: ctx.bus,
    mqtt: () => manager().mqtt(),
    cameras: () => ctx.cameras.list(),
    settings: () => {
      const { mqtt } = ctx.config.get();
      return { brokerActive: mqtt.active, host: mqtt.host, publish: mqtt.publish };
    },
    setPrivacy: async (camera, on) => {
      await ctx.cameras.update(camera, { privacyMode: on }, true, { via: 'MQTT' });
    },
    snapshot: async (camera) => (await ctx.streams.snapshot(camera)).jpeg,
    version: APP_VERSION,
    log: { info: (context, message) => log.info(context, message), warn },
  });
}
