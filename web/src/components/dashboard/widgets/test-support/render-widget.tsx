import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { AppStores } from '../../../../stores/stores-context';
import { renderWithStores } from '../../../../test/test-stores';

/** Renders a widget with the test stores (the real HTTP client over the stubbed fetch) and its own query client. */
export function renderWithQuery(element: ReactElement, stores: Partial<AppStores> = {}) {
  return renderWithStores(element, stores);
}

export interface FetchCall {
  url: string;
}

/** Replaces fetch with a router of paths to answers; records the URLs asked for. */
export function stubFetch(answer: (url: URL) => { status: number; body: unknown }): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://homecam.test');
      calls.push({ url: url.pathname + url.search });
      const { status, body } = answer(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return calls;
}
