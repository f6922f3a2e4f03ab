import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../../routing/chunk-load';
import { cn } from '../ui/cn';
import { Button } from '../ui/Button';

/**
 * What a route shows instead of a blank page when it fails: a screen that did not load (spec §8 chunk-load
 * error, usually a new version replaced the old files or the network dropped) or one that crashed. `fullPage`
 * for routes without chrome; inside the layout the sidebar and navbar stay usable.
 */
export function RouteErrorScreen({ fullPage }: { fullPage: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // The browser already reported the failed script request; a crash is news and is logged.
    if (!chunk) console.error('[app] a screen failed', error);
  }, [chunk, error]);

  return (
    <div
      role="alert"
      data-testid={chunk ? 'chunk-load-error' : 'route-error'}
      className={cn('flex flex-col items-center justify-center gap-4 px-6 text-center', fullPage ? 'min-h-dvh' : 'py-16')}
    >
      <h1 className="text-xl font-semibold text-foreground">{chunk ? t('app:chunk.title') : t('layout.crashed')}</h1>
      {chunk ? <p className="max-w-md text-sm text-foreground-muted">{t('app:chunk.message')}</p> : null}
      <Button data-testid="route-error-reload" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}
