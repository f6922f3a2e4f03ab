import type { Camera } from '@homecam/shared';
import type { Server } from 'node:net';
import { Bridge, uuid } from 'hap-nodejs';
import { accessoryShape, CameraAccessory, type CameraAccessoryDeps } from './camera-accessory.js';
import { ADVERTISER_CIAO, CATEGORY } from './hap-values.js';
import { useHapStorage } from './hap-storage.js';
import type { BridgeIdentity, IdentityStore } from './identity.js';

/** What the published bridge needs from config.json `homekit` (bind already checked against the interfaces). */
export interface BridgeSettings {
  name: string;
  port: number;
  bind: string[] | undefined;
}

/**
 * One published HAP bridge with an accessory per camera. Cameras come and go on the running bridge
 * (addBridgedAccessory/removeBridgedAccessory: the Home app updates without a re-pairing); a change of the
 * services a camera has (doorbell, motion, switches) rebuilds its accessory under the same UUID, so its AID stays.
 */
export class PublishedBridge {
  private readonly cameras = new Map<string, CameraAccessory>();
  private readonly bridge: Bridge;

  private constructor(
    readonly settings: BridgeSettings,
    private readonly deps: CameraAccessoryDeps,
  ) {
    this.bridge = new Bridge(settings.name, uuid.generate('homecam:bridge'));
  }

  /** Publishes the bridge (HAP server + mDNS through ciao). Rejects when the port is taken or bind is unusable. */
  static async publish(settings: BridgeSettings, identity: BridgeIdentity, store: IdentityStore, cameras: readonly Camera[], deps: CameraAccessoryDeps): Promise<PublishedBridge> {
    useHapStorage(store.dir);
    const published = new PublishedBridge(settings, deps);
    published.sync(cameras, false);
    const publishing = published.bridge.publish({
      username: identity.username,
      pincode: identity.setupCode,
      setupID: identity.setupId,
      port: settings.port,
      ...(settings.bind ? { bind: settings.bind } : {}),
      category: CATEGORY.BRIDGE,
      advertiser: ADVERTISER_CIAO,
    });
    // Watched before this tick ends: publish() calls listen() synchronously (ciao needs no await first).
    const listening = published.watchListen();
    try {
      await publishing;
      await listening;
    } catch (error) {
      await published.unpublish().catch(() => undefined);
      throw error;
    }
    return published;
  }

  get accessories(): number {
    return this.cameras.size;
  }

  /** The controllers paired now (hap-nodejs' view of its store). */
  pairings(): number {
    return this.bridge._accessoryInfo?.listPairings().length ?? 0;
  }

  camera(name: string): CameraAccessory | undefined {
    return this.cameras.get(name);
  }

  /** The cameras changed: accessories for new ones, gone ones removed, changed ones updated or rebuilt. */
  sync(cameras: readonly Camera[], published = true): void {
    const wanted = new Map(cameras.filter((camera) => !camera.disable).map((camera) => [camera.name, camera]));
    for (const [name, accessory] of this.cameras) {
      const camera = wanted.get(name);
      if (camera && accessoryShape(camera) === accessory.shape) continue;
      this.remove(name, accessory, published);
    }
    for (const [name, camera] of wanted) {
      const existing = this.cameras.get(name);
      if (existing) {
        existing.update(camera);
        continue;
      }
      const accessory = new CameraAccessory(camera, this.deps);
      this.cameras.set(name, accessory);
      this.bridge.addBridgedAccessory(accessory.accessory, !published);
    }
  }

  refreshExclude(): void {
    for (const accessory of this.cameras.values()) accessory.refreshExclude();
  }

  /** Stops advertising and serving; the identity and pairings stay in the store (unpublish, never destroy). */
  async unpublish(): Promise<void> {
    for (const [name, accessory] of this.cameras) this.remove(name, accessory, false);
    await this.bridge.unpublish();
  }

  private remove(name: string, accessory: CameraAccessory, published: boolean): void {
    this.cameras.delete(name);
    this.bridge.removeBridgedAccessory(accessory.accessory, !published);
    void accessory.close();
  }

  /**
   * hap-nodejs leaves its TCP server without an 'error' listener: a taken port (EADDRINUSE) would be an uncaught
   * exception. Listened for here; resolves once it listens, rejects with the listen error.
   */
  private watchListen(): Promise<void> {
    const internals = this.bridge as unknown as { _server?: { httpServer?: { tcpServer?: Server } } };
    const server = internals._server?.httpServer?.tcpServer;
    if (!server) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      if (server.listening) resolve();
      server.once('listening', () => resolve());
      server.on('error', (error) => {
        reject(error);
        this.deps.log.warn({ err: error }, 'HomeKit HAP server error');
      });
    });
  }
}
