import { HOMEKIT_DEFAULT_NAME, HOMEKIT_DEFAULT_PORT, type Camera, type HomekitSettings, type HomekitState, type HomekitStatus } from '@homecam/shared';
import type { EventBus } from '../events/event-bus.js';
import { bridgeAddresses, type resolveBind } from './bind.js';
import type { HomekitBridgeControl } from './bridge-control.js';
import type { BridgeSettings, PublishedBridge } from './bridge.js';
import type { CameraAccessoryDeps } from './camera-accessory.js';
import { CATEGORY } from './hap-values.js';
import { setupUri, type IdentityStore } from './identity.js';

export interface HomekitServiceDeps extends CameraAccessoryDeps {
  /** config.json `homekit` now (undefined = the block is absent: off). */
  settings(): HomekitSettings | undefined;
  cameras(): readonly Camera[];
  bus: EventBus;
  store: IdentityStore;
  /** A failure worth keeping as the plugins page's last error (English, no secrets). */
  onError?: ((message: string) => void) | undefined;
  /** The machine's interfaces for the bind check (tests pass a fixed table). */
  interfaces?: Parameters<typeof resolveBind>[1];
  /** The server's `--host`: without `homekit.bind` the bridge listens and advertises there only (bridgeAddresses). */
  host?: string | undefined;
  /**
   * Whether the camera's local object detector is running (server/src/detection): its motion sensor then follows
   * object events, so the Home app tells of a person, not of a cloud's shadow. Absent: always raw motion.
   */
  objectMotion?: ((camera: string) => boolean) | undefined;
}

/**
 * The HomeKit bridge as the app runs it: follows config.json `homekit` (start, stop, restart when name, port or
 * bind change; cameras follow without a restart), feeds motion and doorbell events from the bus to the
 * accessories, and answers status/reset for the HTTP routes. Every change runs in one queue.
 */
export class HomekitService implements HomekitBridgeControl {
  private bridge: PublishedBridge | null = null;
  private state: HomekitState = 'off';
  private lastError: string | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: HomekitServiceDeps) {}

  /** Listens to the bus and applies the current settings (a start failure is the `error` state, not a throw). */
  start(): Promise<void> {
    const { bus } = this.deps;
    this.unsubscribe.push(
      bus.subscribe('MotionStarted', (event) => {
        // Motion the detector looks at goes on the sensor only when the detector finds something in it.
        if (event.source === 'motion' && this.deps.objectMotion?.(event.camera)) return;
        this.bridge?.camera(event.camera)?.setMotion(true);
      }),
      bus.subscribe('ObjectDetected', (event) => this.bridge?.camera(event.camera)?.setMotion(true)),
      bus.subscribe('MotionEnded', (event) => this.bridge?.camera(event.camera)?.setMotion(false)),
      bus.subscribe('DoorbellPressed', (event) => this.bridge?.camera(event.camera)?.ring()),
    );
    return this.apply();
  }

  /** Config changed (any part): the bridge follows. Resolves once applied. */
  apply(): Promise<void> {
    return this.enqueue(() => this.doApply());
  }

  /** Resolves once every config change so far has been applied (the HTTP PATCH answers the status after it). */
  applied(): Promise<void> {
    return this.enqueue(() => Promise.resolve());
  }

  /** Stops and publishes again with the same settings (the plugins page's restart). */
  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.shutdown();
      await this.doApply();
    });
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    await this.enqueue(() => this.shutdown());
  }

  status(): HomekitStatus {
    const settings = this.deps.settings();
    const identity = this.deps.store.peek();
    return {
      active: settings?.active ?? false,
      state: this.state,
      name: settings?.name ?? HOMEKIT_DEFAULT_NAME,
      port: settings?.port ?? HOMEKIT_DEFAULT_PORT,
      setupCode: identity?.setupCode ?? null,
      setupUri: identity ? setupUri(identity, CATEGORY.BRIDGE) : null,
      bridgeId: identity?.username ?? null,
      paired: this.pairings(identity) > 0,
      pairings: this.pairings(identity),
      accessories: this.bridge?.accessories ?? 0,
      lastError: this.lastError,
    };
  }

  async reset(): Promise<HomekitStatus> {
    await this.enqueue(async () => {
      const wasRunning = this.bridge !== null;
      await this.shutdown();
      const old = this.deps.store.peek();
      if (old) {
        const { forgetHapIdentity } = await import('./hap-storage.js');
        forgetHapIdentity(this.deps.store.dir, old.username);
      }
      this.deps.store.renew();
      this.deps.log.info({}, 'HomeKit bridge reset: pairings forgotten, new setup code and bridge id');
      if (wasRunning || this.deps.settings()?.active) await this.doApply();
    });
    return this.status();
  }

  private pairings(identity: ReturnType<IdentityStore['peek']>): number {
    return this.bridge?.pairings() ?? this.deps.store.pairings(identity);
  }

  private async doApply(): Promise<void> {
    const settings = this.deps.settings();
    if (!settings?.active) {
      await this.shutdown();
      this.lastError = null;
      return;
    }
    let wanted: BridgeSettings;
    try {
      wanted = { name: settings.name, port: settings.port, ...bridgeAddresses(settings.bind, this.deps.host, this.deps.interfaces) };
    } catch (error) {
      await this.shutdown();
      return this.fail(error);
    }
    if (this.bridge && sameSettings(this.bridge.settings, wanted)) {
      this.bridge.sync(this.deps.cameras());
      this.bridge.refreshExclude();
      return;
    }
    await this.shutdown();
    this.state = 'starting';
    try {
      const identity = this.deps.store.load();
      // hap-nodejs (under the bridge) is loaded when HomeKit is first switched on, not at every start: HomeKit is off
      // by default, and its import took 0.35-0.55 s of each server start and of each test file that builds the app.
      const { PublishedBridge } = await import('./bridge.js');
      this.bridge = await PublishedBridge.publish(wanted, identity, this.deps.store, this.deps.cameras(), this.deps);
    } catch (error) {
      return this.fail(error);
    }
    this.state = 'running';
    this.lastError = null;
    const where = wanted.bind ? wanted.bind.join(', ') : 'all interfaces';
    const listen = wanted.listenHost ?? 'all interfaces';
    this.deps.log.info({ port: wanted.port, bind: where, listen, accessories: this.bridge.accessories }, 'HomeKit bridge published');
  }

  private fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.state = 'error';
    this.lastError = message.slice(0, 500);
    this.deps.log.error({ problem: this.lastError }, 'HomeKit bridge did not start');
    this.deps.onError?.(this.lastError);
  }

  private async shutdown(): Promise<void> {
    const bridge = this.bridge;
    this.bridge = null;
    this.state = 'off';
    if (!bridge) return;
    try {
      await bridge.unpublish();
      this.deps.log.info({}, 'HomeKit bridge stopped');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'HomeKit bridge did not stop cleanly');
    }
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch((error: unknown) => this.deps.log.error({ err: error }, 'HomeKit bridge change failed'));
    return next;
  }
}

function sameSettings(a: BridgeSettings, b: BridgeSettings): boolean {
  const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
  return a.name === b.name && a.port === b.port && same(a.bind, b.bind) && same(a.listenHost, b.listenHost);
}
