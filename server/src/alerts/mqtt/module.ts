import { APP_VERSION } from '@homecam/shared';
import type { AppContext } from '../../context/context.js';
import { MqttStateIntegration } from '../../integrations/index.js';
import type { HomecamModule } from '../../runtime/module.js';
import type { TriggerService } from '../../services/trigger.service.js';
import type { MqttTriggerHooks } from '../../triggers/mqtt-trigger.js';
import type { TriggerManager } from '../../triggers/trigger-manager.js';
import { MqttHaPublisher } from './ha-publisher.js';

export type MqttStateModule = HomecamModule & { readonly publisher: MqttHaPublisher };

/**
 * The MQTT trigger's connection is one for both directions: the trigger receives on it, the publisher sends on it
 * and answers its commands. The triggers module is built first (its plugins-page entries come first), so it gets
 * these hooks, which reach the publisher built right after it.
 */
export function publisherHooks(publisher: () => MqttHaPublisher): MqttTriggerHooks {
  return {
    commands: { topics: () => publisher().commands.topics(), handle: (topic, payload) => publisher().commands.handle(topic, payload) },
    onConnected: () => void publisher().connected().catch(() => undefined),
  };
}

/**
 * MQTT publishing and Home Assistant discovery (states, snapshots, privacy switches) over the MQTT trigger's
 * connection: camera and config changes resync it; failed publishes show on its plugins-page entry.
 */
export function mqttStateModule(
  ctx: Pick<AppContext, 'bus' | 'cameras' | 'config' | 'streams' | 'clock' | 'log' | 'integrations'>,
  triggers: { triggers: TriggerService; manager: TriggerManager },
): MqttStateModule {
  const log = ctx.log.child({ module: 'triggers' });
  const integration = new MqttStateIntegration({ triggers: triggers.triggers, config: ctx.config, clock: ctx.clock });
  ctx.integrations.register(integration);
  // Publish failures are logged as before and kept as the integration's last error.
  const warn = (context: object, message: string): void => {
    log.warn(context, message);
    const err = (context as { err?: unknown }).err;
    integration.fail(err instanceof Error ? `${message}: ${err.message}` : message);
  };
  const publisher = new MqttHaPublisher({
    bus: ctx.bus,
    mqtt: () => triggers.manager.mqtt(),
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
  const unsubscribe: (() => void)[] = [];
  return {
    name: 'mqtt-state',
    publisher,
    start: () => {
      publisher.start();
      const resync = (): void => void publisher.sync().catch(() => undefined);
      unsubscribe.push(ctx.cameras.onChange(resync), ctx.config.onChange(resync));
    },
    stop: () => {
      for (const off of unsubscribe.splice(0)) off();
      publisher.stop();
    },
  };
}
