import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { StoresContext, type AppStores } from '../stores/stores-context';
import { createToastStore } from '../stores/toast/toast-store';

/** The real HTTP client as a signed-out page has it: the test's stubbed fetch answers its calls. */
export function testHttp(): HttpClient {
  return createHttpClient({ getToken: () => null, onSessionLost: () => undefined });
}

/** The stores a component under test reads: the real HTTP client and toast store, plus whatever the test hands in. */
export function testStores(stores: Partial<AppStores> = {}): AppStores {
  return { http: testHttp(), toastStore: createToastStore(), ...stores } as AppStores;
}

/**
 * Renders with `testStores(stores)` and a query client of its own (no retries: an error shows at once); the client
 * is handed back for tests that play the socket's part (a pushed change written into the cache).
 */
export function renderWithStores(element: ReactElement, stores: Partial<AppStores> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rendered = render(
    <StoresContext.Provider value={testStores(stores)}>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </StoresContext.Provider>,
  );
  return { ...rendered, queryClient: client };
}
