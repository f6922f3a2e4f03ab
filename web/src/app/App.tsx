import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Splash } from '../components/layout/Splash';
import { Toaster } from '../components/toast/Toaster';
import { useSplash } from '../hooks/use-splash';
import { router } from './router';
import { i18n, queryClient } from './runtime';

export function App() {
  const splash = useSplash();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <Toaster />
        {splash ? <Splash /> : null}
      </I18nextProvider>
    </QueryClientProvider>
  );
}
