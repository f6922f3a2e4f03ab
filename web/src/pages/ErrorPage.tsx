import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/Button';

/** Shown when a screen crashes: a way out instead of a blank page. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[app] a screen failed', error);
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-foreground">{t('layout.crashed')}</h1>
      <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
    </main>
  );
}
