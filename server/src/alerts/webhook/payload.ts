import { WEBHOOK_PAYLOAD_VERSION, type Notification, type WebhookPayload } from '@homecam/shared';

/** The notification's labels: `labels` when the notification carries a list (image analysis), else `label` split. */
function labelsOf(notification: Notification): string[] {
  const list = (notification as { labels?: unknown }).labels;
  if (Array.isArray(list)) return list.filter((label): label is string => typeof label === 'string');
  return (notification.label ?? '')
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label.length > 0);
}

/** Version 1 of the webhook body (packages/shared webhookPayloadSchema, docs/webhook.md). Holds no secret. */
export function webhookPayload(notification: Notification): WebhookPayload {
  return {
    version: WEBHOOK_PAYLOAD_VERSION,
    id: notification.id,
    type: notification.type,
    camera: notification.camera,
    room: notification.room,
    title: notification.title,
    message: notification.message,
    labels: labelsOf(notification),
    trigger: notification.trigger,
    timestamp: notification.timestamp,
    recordingId: notification.recordingId,
    ...(notification.thumbnail ? { snapshotUrl: notification.thumbnail } : {}),
  };
}

export function testPayload(at: string): WebhookPayload {
  return {
    version: WEBHOOK_PAYLOAD_VERSION,
    id: `test-${Date.parse(at)}`,
    type: 'test',
    camera: null,
    room: null,
    title: 'HomeCam',
    message: 'HomeCam test',
    labels: [],
    trigger: null,
    timestamp: at,
    recordingId: null,
  };
}
