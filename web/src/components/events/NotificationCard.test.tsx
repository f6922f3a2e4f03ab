import { cleanup, render, screen } from '@testing-library/react';
import type { Notification } from '@homecam/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationCard } from './NotificationCard';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(cleanup);

const BASE: Notification = {
  id: 'n1',
  camera: 'Yard',
  room: 'Outside',
  type: 'motion',
  level: 'event',
  title: 'Yard',
  message: 'Motion detected',
  label: 'motion',
  trigger: 'http',
  recordingId: null,
  thumbnail: null,
  timestamp: '2026-03-30T12:00:00.000Z',
};

describe('NotificationCard', () => {
  it('lists the image analysis labels, best first', () => {
    render(<NotificationCard notification={{ ...BASE, label: 'Person', labels: ['Person', 'Car'] }} />);
    const list = screen.getByTestId('notification-labels-n1');
    expect(list.getAttribute('aria-label')).toBe('events:labels.detected');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Person', 'Car']);
  });

  it('shows no label list for an event without analysis', () => {
    render(<NotificationCard notification={BASE} />);
    expect(screen.queryByTestId('notification-labels-n1')).toBeNull();
  });
});
