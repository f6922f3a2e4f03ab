import { mqttSlug, objectDetectionActive, type Camera, type MqttPublishSettings } from '@homecam/shared';

/** The topics of one camera under the base topic. */
export function cameraTopics(base: string, slug: string) {
  const root = `${base}/${slug}`;
  return {
    motion: `${root}/motion`,
    doorbell: `${root}/doorbell`,
    snapshot: `${root}/snapshot`,
    privacy: `${root}/privacy`,
    privacySet: `${root}/privacy/set`,
  };
}

/** An object label's state topic (`ON` while the camera's motion event saw one): one level below `object/`. */
export const objectTopic = (base: string, slug: string, label: string): string => `${base}/${slug}/object/${mqttSlug(label)}`;

/** The labels a camera announces as binary sensors: its detector's labels, while the detector is on. */
export function objectLabelsOf(camera: Partial<Pick<Camera, 'videoanalysis' | 'objectDetection' | 'disable' | 'rekognition'>>): string[] {
  const { videoanalysis, objectDetection } = camera;
  if (!videoanalysis || !objectDetection || !objectDetectionActive({ ...camera, videoanalysis, objectDetection })) return [];
  return [...new Set(objectDetection.labels)];
}

export const availabilityTopic = (base: string): string => `${base}/available`;

/**
 * Each camera's topic level: its slug, made unique in camera order (`front_door`, `front_door_2`), so two names
 * that slug alike never share topics. Stable as long as the camera list keeps its order.
 */
export function cameraSlugs(cameras: readonly Pick<Camera, 'name'>[]): Map<string, string> {
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  for (const { name } of cameras) {
    const base = mqttSlug(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}_${n}`;
    taken.add(slug);
    slugs.set(name, slug);
  }
  return slugs;
}

export interface DiscoveryMessage {
  topic: string;
  /** The JSON config; empty to delete the entity in Home Assistant. */
  payload: string;
}

const COMPONENTS = [
  ['binary_sensor', 'motion'],
  ['event', 'doorbell'],
  ['camera', 'snapshot'],
  ['switch', 'privacy'],
] as const;

/** The node id of a camera in discovery topics and unique ids: one install could share a broker with another. */
const nodeId = (base: string, slug: string): string => `${mqttSlug(base)}_${slug}`;

/** Where the four discovery configs of a camera go (also to delete them). */
export function discoveryTopics(settings: Pick<MqttPublishSettings, 'baseTopic' | 'discoveryPrefix'>, slug: string): string[] {
  const node = nodeId(settings.baseTopic, slug);
  return COMPONENTS.map(([component, object]) => `${settings.discoveryPrefix}/${component}/${node}/${object}/config`);
}

/** Where the discovery config of a camera's object sensor goes. */
export function objectDiscoveryTopic(settings: Pick<MqttPublishSettings, 'baseTopic' | 'discoveryPrefix'>, slug: string, label: string): string {
  return `${settings.discoveryPrefix}/binary_sensor/${nodeId(settings.baseTopic, slug)}/object_${mqttSlug(label)}/config`;
}

/**
 * Home Assistant MQTT discovery configs of one camera: motion, doorbell event, snapshot image, privacy switch, and
 * one occupancy binary sensor per object label while its detector is on.
 */
export function discoveryMessages(
  settings: Pick<MqttPublishSettings, 'baseTopic' | 'discoveryPrefix'>,
  camera: Pick<Camera, 'name' | 'manufacturer' | 'model'> & Partial<Pick<Camera, 'videoanalysis' | 'objectDetection' | 'disable' | 'rekognition'>>,
  slug: string,
  version: string,
): DiscoveryMessage[] {
  const base = settings.baseTopic;
  const node = nodeId(base, slug);
  const topics = cameraTopics(base, slug);
  const common = {
    device: {
      identifiers: [node],
      name: camera.name,
      manufacturer: camera.manufacturer || 'HomeCam',
      model: camera.model || 'IP camera',
      sw_version: version,
    },
    availability: [{ topic: availabilityTopic(base), payload_available: 'online', payload_not_available: 'offline' }],
    origin: { name: 'HomeCam', sw_version: version },
  };
  const configs = [
    { name: 'Motion', unique_id: `${node}_motion`, device_class: 'motion', state_topic: topics.motion, payload_on: 'ON', payload_off: 'OFF' },
    { name: 'Doorbell', unique_id: `${node}_doorbell`, device_class: 'doorbell', state_topic: topics.doorbell, event_types: ['ring'] },
    { name: 'Snapshot', unique_id: `${node}_snapshot`, topic: topics.snapshot },
    {
      name: 'Privacy mode',
      unique_id: `${node}_privacy`,
      icon: 'mdi:eye-off',
      state_topic: topics.privacy,
      command_topic: topics.privacySet,
      payload_on: 'ON',
      payload_off: 'OFF',
    },
  ];
  const paths = discoveryTopics(settings, slug);
  // The camera entity takes raw JPEG bytes (no image_encoding).
  const fixed = configs.map((config, i) => ({ topic: paths[i] ?? '', payload: JSON.stringify({ ...config, ...common }) }));
  const objects = objectLabelsOf(camera).map((label) => {
    const name = label.charAt(0).toUpperCase() + label.slice(1);
    const config = { name, unique_id: `${node}_object_${mqttSlug(label)}`, device_class: 'occupancy', state_topic: objectTopic(base, slug, label), payload_on: 'ON', payload_off: 'OFF' };
    return { topic: objectDiscoveryTopic(settings, slug, label), payload: JSON.stringify({ ...config, ...common }) };
  });
  return [...fixed, ...objects];
}
