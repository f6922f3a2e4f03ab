import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useRouteAccess } from '../../hooks/use-permissions';
import { ROUTES, SETTINGS_PAGES } from '../routes/route-table';

/** Settings pages share a menu of the children the user may open: a column on desktop, a strip on a phone. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const canOpen = useRouteAccess();
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <nav aria-label={t('routes.settings')} className="md:w-52 md:shrink-0">
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {SETTINGS_PAGES.filter(canOpen).map((key) => (
            <li key={key} className="shrink-0">
              <NavLink
                to={ROUTES[key].path}
                data-testid={`settings-nav-${key}`}
                className={({ isActive }) =>
                  cn(
                    'block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
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
