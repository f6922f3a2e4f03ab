import { APP_VERSION } from '@homecam/shared';
import type { FastifyBaseLogger } from 'fastify';
import { MqttHaPublisher } from './alerts/mqtt/index.js';
import type { AppContext } from './context.js';
import type { CameraStreamService } from './services/camera-stream.service.js';
import type { TriggerManager } from './triggers/trigger-manager.js';

/** Issue 9: the MQTT publisher (states, snapshots, HA discovery, privacy commands) on the MQTT trigger's connection. */
export function createMqttPublisher(
  ctx: AppContext,
  manager: () => TriggerManager,
  streams: () => CameraStreamService | null,
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
    snapshot: async (camera) => {
      const service = streams();
      return service ? (await service.snapshot(camera)).jpeg : null;
    },
    version: APP_VERSION,
    log: { info: (context, message) => log.info(context, message), warn },
  });
}
