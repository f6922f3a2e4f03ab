import type { HomekitStatus } from '@homecam/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, stubFetch } from '../../../components/dashboard/widgets/test-support/render-widget';
import { createToastStore } from '../../../stores/toast/toast-store';
import { HomekitCard } from './HomekitCard';
import { qrPath } from './SetupQrCode';

const toastStore = createToastStore();

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o && 'count' in o ? `${key}:${String(o.count)}` : key), i18n: { language: 'en' } }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OFF: HomekitStatus = {
  active: false,
  state: 'off',
  name: 'HomeCam Bridge',
  port: 51826,
  setupCode: null,
  setupUri: null,
  bridgeId: null,
  paired: false,
  pairings: 0,
  accessories: 0,
  lastError: null,
};
const RUNNING: HomekitStatus = { ...OFF, active: true, state: 'running', setupCode: '031-45-154', setupUri: 'X-HM://0023ISYWYHOME', bridgeId: 'AA:BB:CC:DD:EE:FF', accessories: 2 };

/** A fake /api/homekit: answers `state`, records the PATCH/POST bodies and lets the test change the answer. */
function fakeApi(initial: HomekitStatus) {
  const api = { state: initial, requests: [] as { method: string; path: string; body: unknown }[] };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://homecam.test').pathname;
      const method = init?.method ?? 'GET';
      api.requests.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (method === 'PATCH') api.state = { ...api.state, ...(JSON.parse(init?.body as string) as object), ...(api.state.setupCode ? {} : { state: 'running', setupCode: '111-22-333', setupUri: 'X-HM://0023ABCDEFGH' }) };
      if (method === 'POST' && path === '/api/homekit/reset') api.state = { ...api.state, setupCode: '987-65-432', paired: false, pairings: 0 };
      return Promise.resolve(new Response(JSON.stringify(api.state), { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return api;
}

describe('<HomekitCard>', () => {
  it('turns the bridge on with PATCH {active:true} and then shows the setup code and a QR code of setupUri', async () => {
    const api = fakeApi(OFF);
    renderWithQuery(<HomekitCard />, { toastStore });
    const toggle = await screen.findByTestId<HTMLInputElement>('homekit-active');
    expect(toggle.checked).toBe(false);
    expect(screen.queryByTestId('homekit-setup-code')).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('homekit-setup-code').textContent).toBe('111-22-333'));
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ active: true });
    expect(screen.getByTestId<HTMLInputElement>('homekit-active').checked).toBe(true);
    const qr = screen.getByTestId('homekit-qr');
    expect(qr.getAttribute('data-uri')).toBe('X-HM://0023ABCDEFGH');
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath('X-HM://0023ABCDEFGH').d);
    expect(screen.getByTestId('homekit-state').getAttribute('data-state')).toBe('running');
  });

  it('shows state, last error and pairings; reset asks first, then shows the new code', async () => {
    const api = fakeApi({ ...RUNNING, paired: true, pairings: 2, lastError: 'port 51826 in use' });
    renderWithQuery(<HomekitCard />, { toastStore });
    expect((await screen.findByTestId('homekit-setup-code')).textContent).toBe('031-45-154');
    expect(screen.getByTestId('homekit-paired').textContent).toBe('homekit:pairedYes:2');
    expect(screen.getByTestId('homekit-error').textContent).toBe('homekit:lastError');
    fireEvent.click(screen.getByTestId('homekit-reset'));
    const dialog = await screen.findByRole('dialog');
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'homekit:reset' }));
    await waitFor(() => expect(screen.getByTestId('homekit-setup-code').textContent).toBe('987-65-432'));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/homekit/reset']);
    expect(screen.getByTestId('homekit-paired').textContent).toBe('homekit:pairedNo');
    expect(toastStore.getSnapshot().map((toast) => toast.message)).toContain('homekit:resetDone');
  });

  it('checks name and port before saving and sends only valid, trimmed values', async () => {
    const api = fakeApi(RUNNING);
    renderWithQuery(<HomekitCard />, { toastStore });
    const port = await screen.findByTestId<HTMLInputElement>('homekit-port');
    fireEvent.change(port, { target: { value: '80' } });
    expect(screen.getByText('homekit:portInvalid')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('homekit-save').disabled).toBe(true);
    fireEvent.change(port, { target: { value: '52000' } });
    fireEvent.change(screen.getByTestId('homekit-name'), { target: { value: '  Garden House ' } });
    fireEvent.click(screen.getByTestId('homekit-save'));
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Garden House', port: 52000 }));
  });

  it('shows a failed load translated', async () => {
    stubFetch(() => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'no' } } }));
    renderWithQuery(<HomekitCard />, { toastStore });
    expect((await screen.findByRole('alert')).textContent).toBe('errors.FORBIDDEN');
  });
});

describe('qrPath', () => {
  it('draws the finder patterns inside a 4-module quiet zone, and a different code for a different URI', () => {
    const { size, d } = qrPath('X-HM://0023ISYWYHOME');
    // Version 1 or 2 (21/25 modules) plus 2×4 quiet modules.
    expect([29, 33]).toContain(size);
    for (const [x, y] of [[4, 4], [size - 5, 4], [4, size - 5]]) expect(d).toContain(`M${x} ${y}h1v1h-1z`);
    expect(d).not.toContain('M0 0h1');
    expect(qrPath('X-HM://0023ABCDEFGH').d).not.toBe(d);
  });
});
