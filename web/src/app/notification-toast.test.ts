import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@homecam/shared';
import { createEventToasts } from './notification-toast';

const notification = { id: 'n1', camera: 'Garden', room: 'Outside', type: 'motion', level: 'event', title: 'Garden', message: 'Motion detected', label: null, trigger: 'api', recordingId: 'r1', thumbnail: '/files/recordings/Garden/d/r1.jpg', timestamp: '2026-01-01T00:00:00Z' } satisfies Notification;

describe('event toasts', () => {
  it("translates the server's default event text but shows any other message as written", () => {
    const toasts = { show: vi.fn(() => 1) };
    const events = createEventToasts(toasts, (key) => key);
    events.notification({ ...notification, message: 'Alarm at the gate' });
    expect(toasts.show).toHaveBeenCalledWith('info', 'Garden: Alarm at the gate', expect.anything());
    events.notification({ ...notification, level: 'WARN', message: 'Motion detected' });
    expect(toasts.show).toHaveBeenLastCalledWith('info', 'Garden: Motion detected', expect.anything());
  });

  it('shows the message, a link and the thumbnail at once; without a thumbnail, no picture', () => {
    const toasts = { show: vi.fn(() => 7) };
    const events = createEventToasts(toasts, (key) => key);
    events.notification(notification);
    expect(toasts.show).toHaveBeenCalledWith('info', 'Garden: events:messages.motion', {
      link: { to: '/notifications?cameras=Garden', label: 'events:toast.open' },
      image: notification.thumbnail,
    });
    events.notification({ ...notification, thumbnail: null });
    expect(toasts.show).toHaveBeenLastCalledWith('info', 'Garden: events:messages.motion', { link: { to: '/notifications?cameras=Garden', label: 'events:toast.open' } });
  });
});
