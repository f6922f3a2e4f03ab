import type { OnvifEventStatus } from '@homecam/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores } from '../../test/test-stores';
import { OnvifEventsStatus } from './OnvifEventsStatus';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn((_url: string) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const base: OnvifEventStatus = { camera: 'Front Door', state: 'connected', problem: null, subscribedAt: '2026-11-28T20:00:00.000Z', lastEventAt: null };

describe('<OnvifEventsStatus> (issue 22)', () => {
  it('asks for the camera by its encoded name and shows the state in the page language', async () => {
    const fetchMock = answer(200, base);
    renderWithStores(<OnvifEventsStatus camera="Front Door" />);
    const status = await screen.findByTestId('camera-onvif-events-status');
    expect(status.getAttribute('data-state')).toBe('connected');
    expect(screen.getByText('cameras:onvifEvents.state.connected')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/cameras/Front%20Door/onvif-events');
    expect(screen.queryByTestId('camera-onvif-events-status-problem')).toBeNull();
  });

  it('while retrying, shows the problem by its code with the technical detail beside it', async () => {
    answer(200, { ...base, state: 'retrying', problem: { code: 'AUTH_FAILED', message: 'not authorized: the camera refused the ONVIF user or password (HTTP 400)', at: base.subscribedAt } });
    renderWithStores(<OnvifEventsStatus camera="Front Door" />);
    const problem = await screen.findByTestId('camera-onvif-events-status-problem');
    expect(problem.getAttribute('data-code')).toBe('AUTH_FAILED');
    expect(screen.getByTestId('camera-onvif-events-status-problem-text').textContent).toBe('plugins:problems.AUTH_FAILED');
  });

  it('says so when the status cannot be loaded, instead of showing nothing', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'boom' } });
    renderWithStores(<OnvifEventsStatus camera="Front Door" />);
    expect((await screen.findByRole('alert')).textContent).toBe('cameras:onvifEvents.loadFailed');
  });
});
