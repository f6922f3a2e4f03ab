import { mqttPublishPatchSchema, mqttPublishViewSchema } from '@homecam/shared';
import { channelSettings, type AlertChannelPlugin } from '../channel-plugin.js';
import { createMqttChannel } from './channel.js';
import { MqttPublishSettingsService } from './settings.js';

export { MqttHaPublisher, type CameraEventMessage, type MqttHaPublisherDeps, type MqttPublishLog } from './ha-publisher.js';
export { createMqttChannel, type MqttChannelDeps } from './channel.js';
export { availabilityTopic, cameraSlugs, cameraTopics, discoveryMessages, discoveryTopics } from './topics.js';

/**
 * MQTT publishing as an alert channel: camera events to the broker of the MQTT trigger (config.json `mqtt.publish`),
 * through the publisher of the mqtt-state module (alerts/mqtt/module.ts).
 */
export const mqttPlugin: AlertChannelPlugin = {
  id: 'mqtt',
  create: (ctx) => {
    const settings = new MqttPublishSettingsService(ctx.config, () => ctx.mqtt.connected());
    return {
      channel: createMqttChannel({ publisher: ctx.mqtt.publisher }),
      settings: channelSettings({
        responseSchema: mqttPublishViewSchema,
        patchSchema: mqttPublishPatchSchema,
        describe: {
          get:
            'MQTT publishing (config.json mqtt.publish): base topic, Home Assistant discovery; the broker (host:port only, never the login), ' +
            'whether it is connected, and one camera\'s topics as an example.',
          patch: 'Partial update of mqtt.publish: active, baseTopic, discovery, discoveryPrefix (topic levels of A-Z a-z 0-9 _ -, no + or #).',
        },
        get: () => settings.get(),
        patch: (body) => settings.patch(body),
      }),
    };
  },
};
