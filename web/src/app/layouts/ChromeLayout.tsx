import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../../components/layout/Footer';
import { Navbar } from '../../components/layout/Navbar';
import { ScrollToTopButton } from '../../components/layout/ScrollToTopButton';
import { Sidebar } from '../../components/layout/Sidebar';

/**
 * The app's frame (spec §2): sidebar, navbar, page, footer. Camview gets a minified navbar and no
 * footer. The sidebar remembers on which path it was opened, so any navigation closes it.
 */
export function ChromeLayout({ variant = 'full' }: { variant?: 'full' | 'camview' }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const sidebarOpen = openedOn === pathname;

  return (
    <div className="flex min-h-dvh flex-col md:pl-18">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        {t('nav.skipToContent')}
      </a>
      <Sidebar open={sidebarOpen} onClose={() => setOpenedOn(null)} />
      <Navbar minified={variant === 'camview'} onMenuClick={() => setOpenedOn(sidebarOpen ? null : pathname)} />
      {/* Camview uses the whole window for its grid. */}
      <main id="main" className={variant === 'camview' ? 'w-full min-w-0 flex-1 px-2 py-2' : 'mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:px-6'}>
        <Outlet />
      </main>
      {variant === 'full' ? <Footer /> : null}
      <ScrollToTopButton />
    </div>
  );
}
