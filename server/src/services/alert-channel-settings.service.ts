import type {
  AlexaSettingsPatch,
  AlexaSettingsResponse,
  WebhookSettingsPatch,
  WebhookSettingsResponse,
} from '@homecam/shared';
import { AppError } from '../errors/app-error.js';
import type { ConfigService } from './config.service.js';

/** The per-install webhook secret's store (repositories/webhook-secret.repository.ts). */
export interface WebhookSecretStore {
  peek(): Promise<string | undefined>;
  getOrCreate(): Promise<string>;
  rotate(): Promise<string>;
}

function adminOnly(field: string): AppError {
  return new AppError('ALERT_SETTING_ADMIN_ONLY', `only an admin can change ${field} (the server calls out with it)`);
}

/**
 * Settings of the webhook and Alexa channels in config.json (`notifications.webhook`, `notifications.alexa`).
 * Whatever makes the server call out (URLs, token, TLS exceptions) is admin-only; the token and the secret are
 * never answered to non-admins (the token to nobody: tokenSet).
 */
export class AlertChannelSettingsService {
  constructor(
    private readonly config: ConfigService,
    private readonly secret: WebhookSecretStore,
  ) {}

  async webhook(byAdmin: boolean): Promise<WebhookSettingsResponse> {
    const block = this.config.get().notifications.webhook;
    const secret = byAdmin ? await this.secret.getOrCreate() : await this.secret.peek();
    return {
      active: block?.active ?? false,
      secretSet: secret !== undefined,
      ...(byAdmin && secret ? { secret } : {}),
      insecureHosts: block?.insecureHosts ?? [],
    };
  }

  async patchWebhook(patch: WebhookSettingsPatch, byAdmin: boolean): Promise<WebhookSettingsResponse> {
    if (patch.insecureHosts !== undefined && !byAdmin) throw adminOnly('insecureHosts');
    const block: Record<string, unknown> = {};
    if (patch.active !== undefined) block.active = patch.active;
    if (patch.insecureHosts !== undefined) block.insecureHosts = [...new Set(patch.insecureHosts)];
    if (Object.keys(block).length > 0) await this.updateChannel('webhook', block);
    return this.webhook(byAdmin);
  }

  async rotateWebhookSecret(): Promise<WebhookSettingsResponse> {
    await this.secret.rotate();
    return this.webhook(true);
  }

  /** The signing secret for the webhook channel (created on first use). */
  webhookSecret(): Promise<string> {
    return this.secret.getOrCreate();
  }

  alexa(): AlexaSettingsResponse {
    const block = this.config.get().notifications.alexa;
    return {
      active: block?.active ?? false,
      mode: block?.mode ?? 'home-assistant',
      url: block?.url ?? '',
      tokenSet: !!block?.token,
      service: block?.service ?? '',
      target: block?.target ?? '',
      message: block?.message ?? '',
      startTime: block?.startTime ?? '00:00',
      endTime: block?.endTime ?? '23:59',
    };
  }

  async patchAlexa(patch: AlexaSettingsPatch, byAdmin: boolean): Promise<AlexaSettingsResponse> {
    const current = this.alexa();
    for (const field of ['mode', 'url', 'token'] as const) {
      if (patch[field] === undefined || byAdmin) continue;
      // Sending the current mode or URL back unchanged is no change (the form posts every field).
      if (field !== 'token' && (patch[field] ?? '') === current[field]) continue;
      throw adminOnly(field);
    }
    const block: Record<string, unknown> = {};
    for (const key of ['active', 'mode', 'service', 'target', 'message', 'startTime', 'endTime'] as const) {
      if (patch[key] !== undefined) block[key] = patch[key];
    }
    for (const key of ['url', 'token'] as const) {
      if (patch[key] === null) block[key] = undefined;
      else if (patch[key] !== undefined) block[key] = patch[key];
    }
    if (Object.keys(block).length > 0) await this.updateChannel('alexa', block);
    return this.alexa();
  }

  private async updateChannel(channel: 'webhook' | 'alexa', changes: Record<string, unknown>): Promise<void> {
    await this.config.updateSection('notifications', (current) => {
      const section = { ...(current as Record<string, unknown>) };
      const next: Record<string, unknown> = { ...((section[channel] as Record<string, unknown> | undefined) ?? {}) };
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      section[channel] = next;
      return section;
    });
  }
}
