import type { Camera, MqttPublishSettings } from '@homecam/shared';
import { discoveryMessages } from './topics.js';

/**
 * Keeps Home Assistant's discovery configs in line with the cameras: publishes each camera's configs (retained) when
 * they are new or changed, and an empty retained payload for every config announced before that is gone now (a
 * removed or renamed camera, discovery switched off, another prefix), which deletes the entity in Home Assistant.
 */
export class DiscoverySync {
  /** Topic → payload as last published by this process. */
  private readonly announced = new Map<string, string>();

  constructor(private readonly send: (topic: string, payload: string) => Promise<void>) {}

  async apply(
    cameras: readonly Camera[],
    slugs: ReadonlyMap<string, string>,
    settings: Pick<MqttPublishSettings, 'baseTopic' | 'discoveryPrefix'>,
    version: string,
    force = false,
  ): Promise<void> {
    const wanted = new Map<string, string>();
    for (const camera of cameras) {
      for (const { topic, payload } of discoveryMessages(settings, camera, slugs.get(camera.name) ?? 'camera', version)) wanted.set(topic, payload);
    }
    for (const topic of [...this.announced.keys()]) {
      if (wanted.has(topic)) continue;
      await this.send(topic, '');
      this.announced.delete(topic);
    }
    for (const [topic, payload] of wanted) {
      if (!force && this.announced.get(topic) === payload) continue;
      await this.send(topic, payload);
      this.announced.set(topic, payload);
    }
  }
}
