import type { OnvifEventStatus } from '@homecam/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOnvifEventsSync } from '../../api/onvif-events-sync';
import { queryKeys } from '../../api/query-keys';
import type { RealtimeStatus } from '../../api/realtime-client';
import { createStore } from '../../lib/create-store';
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

/** The form with a live socket whose state the test moves. */
function renderForm() {
  const realtime = createStore<RealtimeStatus>('connected');
  const rendered = renderWithStores(<OnvifEventsStatus camera="Front Door" />, { realtimeStatus: realtime });
  return { ...rendered, realtime, sync: createOnvifEventsSync(rendered.queryClient) };
}

describe('<OnvifEventsStatus> (issue 22)', () => {
  it('asks for the camera by its encoded name and shows the state in the page language', async () => {
    const fetchMock = answer(200, base);
    renderForm();
    const status = await screen.findByTestId('camera-onvif-events-status');
    expect(status.getAttribute('data-state')).toBe('connected');
    expect(screen.getByText('cameras:onvifEvents.state.connected')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/cameras/Front%20Door/onvif-events');
    expect(screen.queryByTestId('camera-onvif-events-status-problem')).toBeNull();
    expect(screen.queryByTestId('camera-onvif-events-status-last-event')).toBeNull();
  });

  it('while retrying, shows the problem by its code with the technical detail beside it', async () => {
    answer(200, { ...base, state: 'retrying', problem: { code: 'AUTH_FAILED', message: 'not authorized: the camera refused the ONVIF user or password (HTTP 400)', at: base.subscribedAt } });
    renderForm();
    const problem = await screen.findByTestId('camera-onvif-events-status-problem');
    expect(problem.getAttribute('data-code')).toBe('AUTH_FAILED');
    expect(screen.getByTestId('camera-onvif-events-status-problem-text').textContent).toBe('plugins:problems.AUTH_FAILED');
  });

  it('follows what the socket pushes without asking again; a camera nobody looks at leaves nothing cached', async () => {
    const fetchMock = answer(200, base);
    const { sync, queryClient } = renderForm();
    await screen.findByTestId('camera-onvif-events-status');
    const shown = () => screen.getByTestId('camera-onvif-events-status').getAttribute('data-state');
    act(() => sync.statusChanged({ ...base, state: 'retrying', problem: { code: 'TIMEOUT', message: 'no answer in 10 s', at: base.subscribedAt ?? '' } }));
    await waitFor(() => expect(shown()).toBe('retrying'));
    expect(screen.getByTestId('camera-onvif-events-status-problem').getAttribute('data-code')).toBe('TIMEOUT');
    act(() => sync.statusChanged({ ...base, lastEventAt: '2026-11-28T20:05:00.000Z' }));
    await waitFor(() => expect(shown()).toBe('connected'));
    expect(screen.getByTestId('camera-onvif-events-status-last-event').textContent).toBe('cameras:onvifEvents.lastEvent');
    act(() => sync.statusChanged({ ...base, camera: 'Garage' }));
    expect(queryClient.getQueryData(queryKeys.onvifEvents('Garage'))).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks once more when the socket is back after an interruption (changes may have been missed)', async () => {
    const fetchMock = answer(200, base);
    const { realtime } = renderForm();
    await screen.findByTestId('camera-onvif-events-status');
    act(() => realtime.set('reconnecting'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => realtime.set('connected'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('says so when the status cannot be loaded, instead of showing nothing', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'boom' } });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe('cameras:onvifEvents.loadFailed');
  });
});
