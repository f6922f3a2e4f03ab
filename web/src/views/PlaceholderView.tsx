import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteKey } from '../routing/route-table';
import { PageTitle } from '../components/layout/PageTitle';

/**
 * Screens of later issues: their title and a note that they are not there yet, so nothing on them pretends
 * to work and an empty page does not look broken. `detail` is shown under the title (the camera's name on
 * camera pages).
 */
export function PlaceholderView({ routeKey, detail }: { routeKey: RouteKey; detail?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle subtitle={detail}>{t(ROUTES[routeKey].titleKey)}</PageTitle>
      <p className="text-sm text-foreground-muted" data-testid="placeholder-note">
        {t('placeholder.notYet')}
      </p>
    </>
  );
}
