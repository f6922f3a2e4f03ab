import type { Camera } from '@homecam/shared';
import type { Server } from 'node:net';
import { Bridge, HAPServer, uuid } from 'hap-nodejs';
import { accessoryShape, CameraAccessory, type CameraAccessoryDeps } from './camera-accessory.js';
import { ADVERTISER_CIAO, CATEGORY } from './hap-values.js';
import { useHapStorage } from './hap-storage.js';
import type { BridgeIdentity, IdentityStore } from './identity.js';

/** What the published bridge needs from config.json `homekit` (bind already checked against the interfaces). */
export interface BridgeSettings {
  name: string;
  port: number;
  bind: string[] | undefined;
  /** The one address the HAP server listens on; undefined: every interface (hap-nodejs' default). */
  listenHost?: string | undefined;
}

/**
 * Runs `publish` with HAP's listen pinned to `host`. hap-nodejs has no option for it (its `bind` restricts only the
 * mDNS advertiser and listens on the unspecified address) and calls listen() synchronously inside publish() with
 * the ciao advertiser, so the override is in place for exactly that call. PublishedBridge checks the result.
 */
function publishListeningOn<T>(host: string | undefined, publish: () => T): T {
  if (!host) return publish();
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back, and called with the server as this
  const original = HAPServer.prototype.listen;
  HAPServer.prototype.listen = function listenOnHost(this: HAPServer, port?: number) {
    original.call(this, port, host);
  };
  try {
    return publish();
  } finally {
    HAPServer.prototype.listen = original;
  }
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
    // hap-nodejs prints characteristic warnings (a value out of range, a slow handler) to the console unless someone
    // listens: they go to the app's log instead. The bridge forwards its accessories' warnings.
    this.bridge.on('characteristic-warning', (warning) => {
      deps.log.warn({ where: warning.originatorChain.join(' > '), kind: warning.type }, `HomeKit: ${warning.message}`);
    });
  }

  /** Publishes the bridge (HAP server + mDNS through ciao). Rejects when the port is taken or bind is unusable. */
  static async publish(settings: BridgeSettings, identity: BridgeIdentity, store: IdentityStore, cameras: readonly Camera[], deps: CameraAccessoryDeps): Promise<PublishedBridge> {
    useHapStorage(store.dir);
    const published = new PublishedBridge(settings, deps);
    published.sync(cameras, false);
    const publishing = publishListeningOn(settings.listenHost, () =>
      published.bridge.publish({
        username: identity.username,
        pincode: identity.setupCode,
        setupID: identity.setupId,
        port: settings.port,
        ...(settings.bind ? { bind: settings.bind } : {}),
        category: CATEGORY.BRIDGE,
        advertiser: ADVERTISER_CIAO,
      }),
    );
    // Watched before this tick ends: publish() calls listen() synchronously (ciao needs no await first).
    const listening = published.watchListen();
    try {
      await publishing;
      await listening;
      published.assertListeningOn(settings.listenHost);
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
  private tcpServer(): Server | undefined {
    const internals = this.bridge as unknown as { _server?: { httpServer?: { tcpServer?: Server } } };
    return internals._server?.httpServer?.tcpServer;
  }

  /** A hap-nodejs that no longer listens where publishListeningOn pinned it must not silently serve every interface. */
  private assertListeningOn(host: string | undefined): void {
    if (!host) return;
    const address = this.tcpServer()?.address();
    const actual = address && typeof address === 'object' ? address.address : undefined;
    if (actual !== host) throw new Error(`HomeKit: the HAP server listens on ${actual ?? 'an unknown address'}, not on ${host} (--host)`);
  }

  private watchListen(): Promise<void> {
    const server = this.tcpServer();
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
