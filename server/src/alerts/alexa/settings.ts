import type { AlexaSettingsPatch, AlexaSettingsResponse } from '@homecam/shared';
import type { ConfigService } from '../../services/config.service.js';
import { adminOnly, patchChannelBlock } from '../channel-plugin.js';

/**
 * config.json `notifications.alexa`. Whatever makes the server call out (mode, URL, token) is admin-only; the
 * token is answered to nobody (tokenSet).
 */
export class AlexaSettingsService {
  constructor(private readonly config: ConfigService) {}

  get(): AlexaSettingsResponse {
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

  async patch(patch: AlexaSettingsPatch, byAdmin: boolean): Promise<AlexaSettingsResponse> {
    const current = this.get();
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
    await patchChannelBlock(this.config, 'alexa', block);
    return this.get();
  }
}
