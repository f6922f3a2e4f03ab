import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Splash } from '../components/layout/Splash';
import { Toaster } from '../components/toast/Toaster';
import { useSplash } from '../hooks/use-splash';
import { StoresContext } from '../stores/stores-context';
import type { AppRouter } from './router';
import type { Runtime } from './runtime';

/** `withoutSplash`: the start found the camera's early picture on screen (no splash over it). */
export function App({ runtime, router, withoutSplash = false }: { runtime: Runtime; router: AppRouter; withoutSplash?: boolean }) {
  const splash = useSplash(withoutSplash);
  return (
    <StoresContext.Provider value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <I18nextProvider i18n={runtime.i18n}>
          <RouterProvider router={router} />
          <Toaster />
          {splash ? <Splash /> : null}
        </I18nextProvider>
      </QueryClientProvider>
    </StoresContext.Provider>
  );
}
