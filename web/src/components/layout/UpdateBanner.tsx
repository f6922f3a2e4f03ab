import { useTranslation } from 'react-i18next';
import { useSwUpdate } from '../../hooks/use-pwa';
import { Button } from '../ui/Button';

/** Spec §2/§4: a new version has installed; Refresh hands over to it and reloads. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const { state, applyUpdate } = useSwUpdate();
  if (state.status === 'current') return null;
  return (
    <div
      role="status"
      data-testid="update-banner"
      className="fixed inset-x-2 top-2 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-surface-raised px-4 py-3 shadow-panel sm:inset-x-4"
    >
      <p className="min-w-0 flex-1 text-sm text-foreground">{t('app:update.available')}</p>
      <Button size="sm" data-testid="update-refresh" disabled={state.status === 'reloading'} onClick={applyUpdate}>
        {t('app:update.refresh')}
      </Button>
    </div>
  );
}
