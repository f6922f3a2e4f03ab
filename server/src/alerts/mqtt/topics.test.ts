import { cameraSchema, mqttSlug, mqttPublishPatchSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { cameraSlugs, discoveryMessages, discoveryTopics } from './topics.js';

describe('MQTT topic parts', () => {
  it('slugs camera names to a-z0-9_ only: no wildcard, separator or empty level', () => {
    expect(mqttSlug('Front Door')).toBe('front_door');
    expect(mqttSlug('  Garage +1 / #2 ')).toBe('garage_1_2');
    expect(mqttSlug('Café Über-Tür')).toBe('cafe_uber_tur');
    expect(mqttSlug('+#/')).toBe('camera');
    expect(mqttSlug('บ้าน')).toBe('camera');
  });

  it('keeps two names that slug alike apart, in camera order', () => {
    expect([...cameraSlugs([{ name: 'Front Door' }, { name: 'front-door' }, { name: 'FRONT DOOR!' }]).values()]).toEqual(['front_door', 'front_door_2', 'front_door_3']);
  });

  it('builds the four discovery configs under the prefix, sharing one device with availability', () => {
    const settings = { baseTopic: 'homecam', discoveryPrefix: 'homeassistant' };
    const messages = discoveryMessages(settings, { name: 'Front Door' }, 'front_door', '1.2.3');
    expect(messages.map((m) => m.topic)).toEqual(discoveryTopics(settings, 'front_door'));
    const configs = messages.map((m) => JSON.parse(m.payload) as Record<string, unknown>);
    for (const config of configs) {
      expect(config.device).toEqual({ identifiers: ['homecam_front_door'], name: 'Front Door', manufacturer: 'HomeCam', model: 'IP camera', sw_version: '1.2.3' });
      expect(config.availability).toEqual([{ topic: 'homecam/available', payload_available: 'online', payload_not_available: 'offline' }]);
    }
    expect(new Set(configs.map((c) => c.unique_id)).size).toBe(4);
    expect(configs[2]).not.toHaveProperty('image_encoding'); // raw JPEG bytes
  });

  it('announces one occupancy sensor per object label while the camera\'s detector is on', () => {
    const settings = { baseTopic: 'homecam', discoveryPrefix: 'homeassistant' };
    const camera = (input: object) => cameraSchema.parse({ name: 'Front Door', videoConfig: { source: 'rtsp://127.0.0.1/x' }, ...input });
    const watched = discoveryMessages(settings, camera({ videoanalysis: { active: true }, objectDetection: { labels: ['person', 'traffic light'] } }), 'front_door', '1');
    expect(watched.slice(4).map((m) => [m.topic, JSON.parse(m.payload) as Record<string, unknown>])).toEqual([
      ['homeassistant/binary_sensor/homecam_front_door/object_person/config', expect.objectContaining({ name: 'Person', device_class: 'occupancy', state_topic: 'homecam/front_door/object/person', unique_id: 'homecam_front_door_object_person' })],
      ['homeassistant/binary_sensor/homecam_front_door/object_traffic_light/config', expect.objectContaining({ state_topic: 'homecam/front_door/object/traffic_light' })],
    ]);
    // no detector: motion off, switched off, or Rekognition is the camera's detector
    for (const off of [{}, { videoanalysis: { active: true }, objectDetection: { active: false } }, { videoanalysis: { active: true }, rekognition: { active: true } }]) {
      expect(discoveryMessages(settings, camera(off), 'front_door', '1')).toHaveLength(4);
    }
  });

  it('refuses topic prefixes with wildcards, empty levels or other characters', () => {
    for (const bad of ['a/+', '#', 'a//b', '/a', 'a/', 'a b', '']) expect(mqttPublishPatchSchema.safeParse({ baseTopic: bad }).success).toBe(false);
    expect(mqttPublishPatchSchema.safeParse({ baseTopic: 'home/cams-1' }).success).toBe(true);
  });
});
