import type { Clock } from '../lib/clock.js';
import type { ConfigService } from '../services/config.service.js';
import type { PushService } from '../services/push.service.js';
import type { RekognitionSettingsService } from '../services/rekognition-settings.service.js';
import type { RekognitionUsageService } from '../services/rekognition-usage.service.js';
import type { TriggerService } from '../services/trigger.service.js';
import type { TriggerManager } from '../triggers/trigger-manager.js';
import { TRIGGER_NAMES } from '../triggers/trigger.js';
import { RekognitionIntegration, WebPushIntegration } from './other-integrations.js';
import { IntegrationRegistry } from './registry.js';
import { MqttStateIntegration, TriggerIntegration } from './trigger-integrations.js';

export interface IntegrationParts {
  triggers: TriggerService;
  manager: Pick<TriggerManager, 'on'>;
  config: ConfigService;
  clock: Clock;
  push: PushService;
  rekognition: RekognitionSettingsService;
  rekognitionUsage: RekognitionUsageService;
}

/**
 * The registry with everything HomeCam runs today. The handles the runtime feeds failures into are returned
 * too (the MQTT state publisher's and the push notifier's), and the Rekognition one for the analysis.
 */
export function createIntegrations(parts: IntegrationParts) {
  const { config, clock } = parts;
  const registry = new IntegrationRegistry();
  for (const name of TRIGGER_NAMES) registry.register(new TriggerIntegration(name, parts));
  const mqttState = new MqttStateIntegration(parts);
  registry.register(mqttState);
  const webPush = new WebPushIntegration({ push: parts.push, config, clock });
  registry.register(webPush);
  const rekognition = new RekognitionIntegration({ settings: parts.rekognition, usage: parts.rekognitionUsage, config, clock });
  registry.register(rekognition);
  return { registry, mqttState, webPush, rekognition };
}
