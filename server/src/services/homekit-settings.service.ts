import { HOMEKIT_DEFAULT_NAME, HOMEKIT_DEFAULT_PORT, type HomekitPatch, type HomekitStatus } from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { HomekitBridgeControl } from '../homekit/bridge-control.js';
import type { ConfigService } from './config.service.js';

/**
 * Settings → System → HomeKit: the bridge's status for pairing (setup code, QR payload, pairings) and config.json
 * `homekit` (on/off, name, port). The bridge follows the config by itself, so a PATCH only writes the file; the
 * status the answer carries is the bridge's at that moment (it may still be `starting`).
 */
export class HomekitSettingsService {
  constructor(
    private readonly config: ConfigService,
    /** The running bridge; null where none is built into this server (then the status comes from config only). */
    private readonly bridge: () => HomekitBridgeControl | null,
  ) {}

  status(): HomekitStatus {
    const bridge = this.bridge();
    if (bridge) return bridge.status();
    const settings = this.config.get().homekit;
    return {
      active: settings?.active ?? false,
      state: 'off',
      name: settings?.name ?? HOMEKIT_DEFAULT_NAME,
      port: settings?.port ?? HOMEKIT_DEFAULT_PORT,
      setupCode: null,
      setupUri: null,
      bridgeId: null,
      paired: false,
      pairings: 0,
      accessories: 0,
      lastError: null,
    };
  }

  /** Absent keeps; the whole file is validated before it is written (nothing half-written). */
  async patch(body: HomekitPatch): Promise<HomekitStatus> {
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) {
      await this.config.updateSection('homekit', (current) => ({ ...(current as object | undefined), ...changes }));
    }
    return this.status();
  }

  /** Unpairs every controller and makes a new setup code (and bridge id): the Home app then sees a new bridge. */
  async reset(): Promise<HomekitStatus> {
    const bridge = this.bridge();
    if (!bridge) throw new AppError('HOMEKIT_UNAVAILABLE', 'no HomeKit bridge is built into this server');
    return bridge.reset();
  }
}
