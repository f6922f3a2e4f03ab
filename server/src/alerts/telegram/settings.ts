import type { TelegramSettingsPatch, TelegramSettingsResponse } from '@homecam/shared';
import type { ConfigService } from '../../services/config.service.js';

/**
 * Settings → Notifications → Telegram: config.json `notifications.telegram` (camera.ui's names). The bot token is
 * write-only (it is the bot's password and part of every Bot API URL): answers say only whether it is set.
 * Writes are merge patches through the ConfigService (validated, atomic, applied live: the channel reads the
 * config on each alert).
 */
export class TelegramSettingsService {
  constructor(private readonly config: ConfigService) {}

  get(): TelegramSettingsResponse {
    const block = this.config.get().notifications.telegram;
    return { active: block?.active ?? false, tokenSet: !!block?.token, chatID: block?.chatID ?? '', message: block?.message ?? '' };
  }

  /** Absent keeps; null or '' removes the key (RFC 7396 null); a string sets it. */
  async patch(body: TelegramSettingsPatch): Promise<TelegramSettingsResponse> {
    const block: Record<string, unknown> = {};
    if (body.active !== undefined) block.active = body.active;
    for (const key of ['token', 'chatID', 'message'] as const) {
      const value = body[key];
      if (value === undefined) continue;
      block[key] = value === null || value.trim() === '' ? null : key === 'chatID' ? normaliseChatIds(value) : value;
    }
    if (Object.keys(block).length > 0) await this.config.patchSection('notifications', { telegram: block });
    return this.get();
  }
}

/** "111 ,  @x" → "111,@x": what the channel splits is what the page shows. */
function normaliseChatIds(value: string): string {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .join(',');
}
