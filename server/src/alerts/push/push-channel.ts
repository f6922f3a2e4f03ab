import type { Notification } from '@homecam/shared';
import type { Clock } from '../../lib/clock.js';
import type { AlertChannel } from '../channel.js';
import type { PushNotifier } from './push-notifier.js';

/**
 * Web push as the pipeline's 'push' channel: the PushNotifier keeps its own per-device queue, recipients and
 * permission rules; the pipeline adds the status. A failed device push is not retried by the pipeline (the others
 * of the same alert went out already): it is the alert's final error.
 */
export function createPushChannel(deps: { notifier: PushNotifier; active: () => boolean; clock: Clock }): AlertChannel {
  const send = async (notification: Notification, userId?: number): Promise<{ sent: number }> => {
    const { sent, problems } = await deps.notifier.deliver(notification, userId);
    if (problems.length > 0) throw new Error(`${problems.length} of ${sent + problems.length} pushes failed: ${problems[0]}`);
    return { sent };
  };
  return {
    id: 'push',
    enabled: deps.active,
    accepts: () => true,
    // No subscribed device of anyone allowed: nothing went out, so nothing counts as sent.
    deliver: async (alert) => ((await send(alert.notification)).sent === 0 ? 'nobody' : undefined),
    test: async (_signal, requester) => {
      if (!requester) throw new Error('a push test needs the user whose devices receive it');
      const { sent } = await send(testNotification(deps.clock), requester.userId);
      if (sent === 0) throw new Error('no device of yours is subscribed to push on this server');
      return { detail: `sent to ${sent} device${sent === 1 ? '' : 's'}` };
    },
  };
}

function testNotification(clock: Clock): Notification {
  const now = new Date(clock.now()).toISOString();
  return {
    id: `test-${clock.now()}`,
    camera: null,
    room: null,
    type: 'custom',
    level: 'event',
    title: 'HomeCam',
    message: 'Test alert: notifications reach this device.',
    label: null,
    trigger: null,
    recordingId: null,
    thumbnail: null,
    timestamp: now,
  };
}
