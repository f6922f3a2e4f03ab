import type { ComponentType } from 'react';
import type { AlertChannelId } from '@homecam/shared';
import { AlexaSettingsForm } from './AlexaSettingsForm';
import { MqttPublishSettingsForm } from './MqttPublishSettingsForm';
import { TelegramSettingsForm } from './TelegramSettingsForm';
import { WebhookSettingsForm } from './WebhookSettingsForm';

/** What a channel's own settings form receives: whether this user may change the notification settings. */
export interface ChannelSettingsProps {
  canEdit: boolean;
}

/**
 * The settings form of each alert channel, shown inside its card in Settings → Notifications. A channel without an
 * entry (web push: its devices are in Settings → Account) shows its status and test button only.
 */
export const CHANNEL_SETTINGS: Partial<Record<AlertChannelId, ComponentType<ChannelSettingsProps>>> = {
  telegram: TelegramSettingsForm,
  webhook: WebhookSettingsForm,
  alexa: AlexaSettingsForm,
  mqtt: MqttPublishSettingsForm,
};

