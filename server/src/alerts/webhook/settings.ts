import type { WebhookSettingsPatch, WebhookSettingsResponse } from '@homecam/shared';
import type { ConfigService } from '../../services/config.service.js';
import { adminOnly, patchChannelBlock } from '../channel-plugin.js';

/** The per-install webhook secret's store (secret.ts). */
export interface WebhookSecretStore {
  peek(): Promise<string | undefined>;
  getOrCreate(): Promise<string>;
  rotate(): Promise<string>;
}

/**
 * config.json `notifications.webhook` (the URL is per camera) and the signing secret. The TLS exceptions make the
 * server trust a host: admin-only. The secret is answered to admins only (to configure the receiver).
 */
export class WebhookSettingsService {
  constructor(
    private readonly config: ConfigService,
    private readonly secret: WebhookSecretStore,
  ) {}

  async get(byAdmin: boolean): Promise<WebhookSettingsResponse> {
    const block = this.config.get().notifications.webhook;
    const secret = byAdmin ? await this.secret.getOrCreate() : await this.secret.peek();
    return {
      active: block?.active ?? false,
      secretSet: secret !== undefined,
      ...(byAdmin && secret ? { secret } : {}),
      insecureHosts: block?.insecureHosts ?? [],
    };
  }

  async patch(patch: WebhookSettingsPatch, byAdmin: boolean): Promise<WebhookSettingsResponse> {
    if (patch.insecureHosts !== undefined && !byAdmin) throw adminOnly('insecureHosts');
    const block: Record<string, unknown> = {};
    if (patch.active !== undefined) block.active = patch.active;
    if (patch.insecureHosts !== undefined) block.insecureHosts = [...new Set(patch.insecureHosts)];
    await patchChannelBlock(this.config, 'webhook', block);
    return this.get(byAdmin);
  }

  async rotateSecret(): Promise<WebhookSettingsResponse> {
    await this.secret.rotate();
    return this.get(true);
  }
}
