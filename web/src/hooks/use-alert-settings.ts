import type { AlertChannelId, WebhookSettingsResponse } from '@homecam/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAlexaSettings, getWebhookSettings, rotateWebhookSecret, updateAlexaSettings, updateWebhookSettings } from '../api/alert-channels-api';
import { getTelegramSettings, updateTelegramSettings } from '../api/alerts-telegram-api';
import { getMqttPublishSettings, updateMqttPublishSettings } from '../api/mqtt-publish-api';
import { alertStatusQueryKey } from './use-alerts';
import { useHttp } from './use-http';
import { useSettingsForm } from './use-settings-form';

/** The settings of one channel's card in Settings → Notifications (GET/PATCH /api/settings/notifications/<channel>). */
export const channelSettingsKey = (channel: AlertChannelId) => ['settings', 'notifications', channel] as const;

/** A save changes what the channel's status card shows (enabled, the test button): it follows at once. */
const refresh = [alertStatusQueryKey];

export const useTelegramSettingsForm = () =>
  useSettingsForm({ queryKey: channelSettingsKey('telegram'), load: getTelegramSettings, save: updateTelegramSettings, refresh, savedKey: 'alerts-telegram:saved', feedback: 'toast' });

export const useMqttPublishSettingsForm = () =>
  useSettingsForm({ queryKey: channelSettingsKey('mqtt'), load: getMqttPublishSettings, save: updateMqttPublishSettings, refresh, savedKey: 'alerts-mqtt:saved', feedback: 'toast' });

/** Inline feedback: the webhook card's secret can be copied and rotated too, and those answer in the same place. */
export const useWebhookSettingsForm = () =>
  useSettingsForm({ queryKey: channelSettingsKey('webhook'), load: getWebhookSettings, save: updateWebhookSettings, refresh, savedKey: 'alerts-webhook:saved', feedback: 'inline' });

export const useAlexaSettingsForm = () =>
  useSettingsForm({ queryKey: channelSettingsKey('alexa'), load: getAlexaSettings, save: updateAlexaSettings, refresh, savedKey: 'alerts-webhook:saved', feedback: 'inline' });

/**
 * POST …/webhook/rotate-secret (admin): the new secret replaces the cached settings (receivers must be given it).
 * The caller's callbacks run with the mutation, not with the caller: the answer remounts the form it sits in.
 */
export function useRotateWebhookSecret(callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: () => rotateWebhookSecret(http),
    onSuccess: (next: WebhookSettingsResponse) => {
      queryClient.setQueryData(channelSettingsKey('webhook'), next);
      callbacks.onSuccess();
    },
  });
}
