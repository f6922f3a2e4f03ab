import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { UpdateBanner } from '../../components/layout/UpdateBanner';
import { usePageEffects } from '../../hooks/use-page-effects';
import { findRoute } from '../../routing/route-table';

/** Wraps every route: remembers the last page, scrolls to the top, names the browser tab, offers updates. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageEffects();

  const title = t(findRoute(pathname).titleKey);
  useEffect(() => {
    document.title = `${title} · HomeCam`;
  }, [title]);

  // The update banner sits above every screen, the login page included (spec §2).
  return (
    <>
      <Outlet />
      <UpdateBanner />
    </>
  );
}
