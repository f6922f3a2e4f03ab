import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useRouteAccess } from '../../hooks/use-permissions';
import { ROUTES, SETTINGS_PAGES } from '../../routing/route-table';

/** Settings pages share a menu of the children the user may open: a column on desktop, a strip on a phone. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const canOpen = useRouteAccess();
  const { pathname } = useLocation();
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the menu is a strip that scrolls sideways: bring the current page's tab into view, else a
  // page further right (camera, recording settings, ...) opens with its own tab hidden off screen.
  useLayoutEffect(() => {
    const list = strip.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const left = active.offsetLeft;
    const visible = left >= list.scrollLeft && left + active.offsetWidth <= list.scrollLeft + list.clientWidth;
    if (!visible) list.scrollLeft = left - (list.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label={t('routes.settings')} className="md:w-auto md:min-w-52 md:max-w-64 md:shrink-0">
        <ul
          ref={strip}
          className="relative -mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0"
        >
          {SETTINGS_PAGES.filter(canOpen).map((key) => (
            <li key={key} className="shrink-0">
              <NavLink
                to={ROUTES[key].path}
                data-testid={`settings-nav-${key}`}
                className={({ isActive }) =>
                  cn(
                    'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium md:whitespace-normal md:hyphens-auto md:break-words',
                    isActive ? 'bg-primary-soft text-primary' : 'text-foreground-muted hover:bg-muted hover:text-foreground',
                  )
                }
              >
                {t(ROUTES[key].titleKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
