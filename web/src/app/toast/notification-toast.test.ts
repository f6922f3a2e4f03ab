import { describe, expect, it, vi } from 'vitest';
import type { Notification, Recording } from '@homecam/shared';
import { createEventToasts } from './notification-toast';

const notification = { id: 'n1', camera: 'Garden', room: 'Outside', type: 'motion', level: 'event', title: 'Garden', message: 'Motion detected', label: null, trigger: 'api', recordingId: 'r1', thumbnail: '/files/recordings/Garden/d/r1.jpg', timestamp: '2026-01-01T00:00:00Z' } satisfies Notification;
const recording = { id: 'r1', thumbnail: '/files/recordings/Garden/d/r1.jpg' } as Recording;

describe('event toasts', () => {
  it("translates the server's default event text but shows any other message as written", () => {
    const toasts = { show: vi.fn(() => 1), amend: vi.fn(() => true) };
    const events = createEventToasts(toasts, (key) => key);
    events.notification({ ...notification, message: 'Alarm at the gate' });
    expect(toasts.show).toHaveBeenCalledWith('info', 'Garden: Alarm at the gate', expect.anything());
    events.notification({ ...notification, level: 'WARN', message: 'Motion detected' });
    expect(toasts.show).toHaveBeenLastCalledWith('info', 'Garden: Motion detected', expect.anything());
  });

  it('shows the message with a link at once and adds the thumbnail when the recording has written it', () => {
    const toasts = { show: vi.fn(() => 7), amend: vi.fn(() => true) };
    const events = createEventToasts(toasts, (key) => key);
    events.notification(notification);
    expect(toasts.show).toHaveBeenCalledWith('info', 'Garden: events:messages.motion', { link: { to: '/notifications?cameras=Garden', label: 'events:toast.open' } });
    events.recording({ ...recording, id: 'other' });
    expect(toasts.amend).not.toHaveBeenCalled();
    events.recording(recording);
    expect(toasts.amend).toHaveBeenCalledWith(7, { image: recording.thumbnail });
    events.recording(recording);
    expect(toasts.amend).toHaveBeenCalledOnce();
  });
});
