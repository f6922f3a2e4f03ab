import { cleanup, screen } from '@testing-library/react';
import type { WidgetDefinition } from '../widget-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStores } from '../../../test/test-stores';
import { diskWidget } from './disk';
import { statusWidget } from './status';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`, i18n: { language: 'en' } }),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers each /api path with the given status and JSON body, as the server would. */
function serve(routes: Record<string, [number, unknown]>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const [status, body] = routes[new URL(url, 'http://localhost').pathname] ?? [404, { error: { code: 'NOT_FOUND', message: 'no' } }];
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
}

function renderWidget({ Component }: WidgetDefinition) {
  renderWithStores(<Component id="w1" settings={{}} locked={false} />);
}

describe('status and disk widgets', () => {
  it('declare their types for the board', () => {
    expect(statusWidget.type).toBe('status');
    expect(diskWidget.type).toBe('disk');
    expect(statusWidget.access).toBeUndefined();
    expect(diskWidget.settingsSchema.safeParse(diskWidget.defaults).success).toBe(true);
  });

  it('the status widget shows version, uptime and cameras online', async () => {
    serve({ '/api/system/status': [200, { version: '1.1.17', uptimeSeconds: 3_725, cameras: { online: 2, total: 3 } }] });
    renderWidget(statusWidget);
    expect((await screen.findByTestId('widget-status-version')).textContent).toBe('1.1.17');
    expect(screen.getByTestId('widget-status-cameras').textContent).toContain('{"online":2,"total":3}');
    expect(screen.getByText('01:02:05')).toBeTruthy();
  });

  it('the disk widget shows the free space and the recordings size', async () => {
    serve({ '/api/system/disk': [200, { freeBytes: 25 * 1024 ** 3, totalBytes: 100 * 1024 ** 3, recordingsBytes: 2 * 1024 ** 2 }] });
    renderWidget(diskWidget);
    expect((await screen.findByTestId('widget-disk-recordings')).textContent).toContain('2.0 MB');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
  });

  it('each shows the translated error inside itself when its call fails', async () => {
    serve({
      '/api/system/status': [403, { error: { code: 'FORBIDDEN', message: 'no' } }],
      '/api/system/disk': [500, { error: { code: 'INTERNAL', message: 'boom' } }],
    });
    renderWidget(statusWidget);
    expect((await screen.findByTestId('widget-status-error')).textContent).toBe('errors.FORBIDDEN');
    renderWidget(diskWidget);
    expect((await screen.findByTestId('widget-disk-error')).textContent).toBe('errors.INTERNAL');
  });
});
