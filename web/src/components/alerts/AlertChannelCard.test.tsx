import type { AlertChannelStatus } from '@homecam/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores } from '../../test/test-stores';
import { AlertChannelCard } from './AlertChannelCard';
import { CHANNEL_SETTINGS } from './channel-settings-registry';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`, i18n: { language: 'en' } }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete CHANNEL_SETTINGS.telegram;
});

const calls: { url: string; method: string }[] = [];

/** Answers each /api path with the given status and JSON body, as the server would. */
function serve(routes: Record<string, [number, unknown]>) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ url: path, method: init?.method ?? 'GET' });
      const [status, body] = routes[path] ?? [404, { error: { code: 'NOT_FOUND', message: 'no' } }];
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
}

const STATUS: AlertChannelStatus = {
  channel: 'telegram',
  enabled: true,
  off: null,
  queued: 3,
  dropped: 2,
  sent: 41,
  lastSuccessAt: null,
  lastError: { code: 'REJECTED', message: '502 from api.telegram.org', at: '2026-01-01T10:00:00.000Z' },
};

function renderCard(status: AlertChannelStatus = STATUS, { canEdit = true, canTest = true } = {}) {
  renderWithStores(<AlertChannelCard status={status} canEdit={canEdit} canTest={canTest} />);
}

describe('AlertChannelCard', () => {
  it('shows the channel, on/off, counters, never succeeded and the last error', () => {
    renderCard();
    expect(screen.getByText('alerts:channels.telegram')).toBeTruthy();
    expect(screen.getByTestId('alert-channel-telegram-enabled').textContent).toBe('alerts:settings.on');
    expect(screen.getByTestId('alert-channel-telegram-sent').textContent).toBe('41');
    expect(screen.getByTestId('alert-channel-telegram-queued').textContent).toBe('3');
    expect(screen.getByTestId('alert-channel-telegram-dropped').textContent).toBe('2');
    expect(screen.getByTestId('alert-channel-telegram-last-success').textContent).toBe('alerts:settings.never');
    // The kind translated from its code; the server's English only as the technical detail.
    expect(screen.getByTestId('alert-channel-telegram-last-error-text').textContent).toBe('plugins:problems.REJECTED');
    expect(screen.getByTestId('alert-channel-telegram-last-error-technical').textContent).toContain('502 from api.telegram.org');
  });

  it('says why a channel is off when more than its switch keeps it off (issue 17: MQTT without a broker)', () => {
    renderCard({ ...STATUS, channel: 'mqtt', enabled: false, off: 'NO_BROKER', lastError: null });
    expect(screen.getByTestId('alert-channel-mqtt-enabled').textContent).toBe('alerts:settings.off');
    expect(screen.getByTestId('alert-channel-mqtt-off-reason').textContent).toBe('alerts:settings.offReason.NO_BROKER');
    expect(screen.getByTestId('alert-channel-mqtt-test')).toHaveProperty('disabled', true);
  });

  it('sends a test and shows what the channel answered', async () => {
    serve({ '/api/alerts/telegram/test': [200, { ok: true, detail: 'sent to 2 chats' }] });
    renderCard();
    fireEvent.click(screen.getByTestId('alert-channel-telegram-test'));
    expect((await screen.findByText('alerts:settings.testSent')).className).toContain('text-success');
    expect(screen.getByText('plugins:technical{"message":"sent to 2 chats"}')).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/alerts/telegram/test', method: 'POST' });
  });

  it('shows the translated error of a failed test', async () => {
    serve({ '/api/alerts/telegram/test': [502, { error: { code: 'ALERT_TEST_FAILED', message: 'chat not found' } }] });
    renderCard();
    fireEvent.click(screen.getByTestId('alert-channel-telegram-test'));
    expect((await screen.findByText('errors.ALERT_TEST_FAILED')).className).toContain('text-danger');
  });

  it('offers no test to readers, to channels only admins test, or while the channel is off', () => {
    renderCard(STATUS, { canEdit: false });
    expect(screen.queryByTestId('alert-channel-telegram-test')).toBeNull();
    cleanup();
    renderCard(STATUS, { canTest: false });
    expect(screen.queryByTestId('alert-channel-telegram-test')).toBeNull();
    cleanup();
    renderCard({ ...STATUS, enabled: false });
    expect(screen.getByTestId('alert-channel-telegram-enabled').textContent).toBe('alerts:settings.off');
    expect(screen.getByTestId<HTMLButtonElement>('alert-channel-telegram-test').disabled).toBe(true);
  });

  it("renders the channel's own settings form from the registry with canEdit", () => {
    CHANNEL_SETTINGS.telegram = ({ canEdit }) => <p data-testid="telegram-form">{canEdit ? 'editable' : 'read-only'}</p>;
    renderCard(STATUS, { canEdit: false });
    expect(screen.getByTestId('telegram-form').textContent).toBe('read-only');
  });
});
