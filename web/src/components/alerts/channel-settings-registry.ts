import type { ComponentType } from 'react';
import type { AlertChannelId } from '@homecam/shared';

/** What a channel's own settings form receives: whether this user may change the notification settings. */
export interface ChannelSettingsProps {
  canEdit: boolean;
}

/**
 * The settings form of each alert channel, shown inside its card in Settings → Notifications. A channel without an
 * entry shows its status and test button only. Each channel's helper adds one line here, e.g.
 * `telegram: TelegramSettingsForm,`.
 */
export const CHANNEL_SETTINGS: Partial<Record<AlertChannelId, ComponentType<ChannelSettingsProps>>> = {};

