import type { HomekitStatus } from '@homecam/shared';

/**
 * What the HTTP layer (GET/PATCH /api/homekit, POST /api/homekit/reset) needs of the HomeKit bridge. The bridge
 * follows config.json `homekit` by itself (like the trigger integrations): a PATCH writes the config, the bridge
 * starts, stops or restarts on the change.
 */
export interface HomekitBridgeControl {
  status(): HomekitStatus;
  /** Forgets every pairing, makes a new setup code and bridge id, and publishes again when active. */
  reset(): Promise<HomekitStatus>;
  /**
   * Resolves once the bridge has followed every config change made so far (a PATCH of `homekit` is applied in the
   * background: await this before answering with status()). Optional so test doubles need not have it.
   */
  applied?(): Promise<void>;
}
