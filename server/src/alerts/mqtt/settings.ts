import { mqttPublishOff, type MqttPublishPatch, type MqttPublishView } from '@homecam/shared';
import { availabilityTopic, cameraSlugs, cameraTopics, discoveryTopics, objectDiscoveryTopic, objectTopic } from './topics.js';
import { brokerUrl } from '../../triggers/mqtt-match.js';
import type { ConfigService } from '../../services/config.service.js';

/** The broker as `host:port` for the page: never the login, and nothing when no host is set. */
function brokerOf(mqtt: { host: string; port: number; tls: boolean }): string {
  try {
    const { display } = brokerUrl(mqtt);
    return display.replace(/^[a-z]+:\/\//i, '');
  } catch {
    return '';
  }
}

/**
 * Settings → Notifications → MQTT: config.json `mqtt.publish` (base topic, Home Assistant discovery) and, read-only,
 * whether the broker connection (the MQTT trigger's) is on and connected, with one camera's topics as an example.
 */
export class MqttPublishSettingsService {
  constructor(
    private readonly config: ConfigService,
    private readonly connected: () => boolean,
  ) {}

  get(): MqttPublishView {
    const { mqtt, cameras } = this.config.get();
    const { publish } = mqtt;
    const first = cameras[0]?.name ?? 'Front Door';
    const slug = cameraSlugs(cameras.length > 0 ? cameras : [{ name: first }]).get(first) ?? 'camera';
    const topics = cameraTopics(publish.baseTopic, slug);
    const cameraTopic: unknown = cameras[0]?.mqttTopic;
    const [motionConfig, doorbellConfig, snapshotConfig, privacyConfig] = discoveryTopics(publish, slug);
    const list = [
      { what: 'availability', topic: availabilityTopic(publish.baseTopic) },
      { what: 'motion', topic: topics.motion },
      { what: 'doorbell', topic: topics.doorbell },
      { what: 'snapshot', topic: topics.snapshot },
      { what: 'privacy', topic: topics.privacy },
      { what: 'privacySet', topic: topics.privacySet },
      { what: 'object', topic: objectTopic(publish.baseTopic, slug, 'person') },
      { what: 'cameraTopic', topic: typeof cameraTopic === 'string' && cameraTopic ? cameraTopic : 'camera.ui/motion' },
      ...(publish.discovery
        ? [
            { what: 'discoveryMotion', topic: motionConfig ?? '' },
            { what: 'discoveryDoorbell', topic: doorbellConfig ?? '' },
            { what: 'discoverySnapshot', topic: snapshotConfig ?? '' },
            { what: 'discoveryPrivacy', topic: privacyConfig ?? '' },
            { what: 'discoveryObject', topic: objectDiscoveryTopic(publish, slug, 'person') },
          ]
        : []),
    ];
    return {
      active: publish.active,
      baseTopic: publish.baseTopic,
      discovery: publish.discovery,
      discoveryPrefix: publish.discoveryPrefix,
      brokerActive: mqtt.active,
      broker: brokerOf(mqtt),
      connected: mqtt.active && this.connected(),
      off: mqttPublishOff(mqtt),
      example: { camera: first, topics: list },
    };
  }

  /** Absent keeps; the whole file is validated before it is written (nothing half-written). */
  async patch(body: MqttPublishPatch): Promise<MqttPublishView> {
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) {
      await this.config.updateSection('mqtt', (current) => {
        const block = current as Record<string, unknown>;
        return { ...block, publish: { ...(block.publish as object), ...changes } };
      });
    }
    return this.get();
  }
}
