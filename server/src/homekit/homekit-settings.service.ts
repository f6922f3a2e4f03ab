import type { HomekitPatch, HomekitStatus } from '@homecam/shared';
import type { HomekitBridgeControl } from './bridge-control.js';
import type { ConfigService } from '../services/config.service.js';

/**
 * Settings → System → HomeKit: the bridge's status for pairing (setup code, QR payload, pairings) and config.json
 * `homekit` (on/off, name, port). The bridge follows the config by itself, so a PATCH only writes the file and
 * waits until the bridge has taken the change (it may still be `starting` then: publishing goes on in the background).
 */
export class HomekitSettingsService {
  constructor(
    private readonly config: ConfigService,
    private readonly bridge: HomekitBridgeControl,
  ) {}

  status(): HomekitStatus {
    return this.bridge.status();
  }

  /** Absent keeps (also `bind`, which only config.json sets); the whole file is validated before it is written. */
  async patch(body: HomekitPatch): Promise<HomekitStatus> {
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) {
      await this.config.updateSection('homekit', (current) => ({ ...(current as object | undefined), ...changes }));
      await this.bridge.applied?.();
    }
    return this.status();
  }

  /** Unpairs every controller and makes a new setup code (and bridge id): the Home app then sees a new bridge. */
  reset(): Promise<HomekitStatus> {
    return this.bridge.reset();
  }
}
