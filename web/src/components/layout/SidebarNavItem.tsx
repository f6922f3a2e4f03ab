import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteKey } from '../../routing/route-table';
import { cn } from '../ui/cn';
import { NAV_ICONS } from './nav-icons';

export interface SidebarNavItemProps {
  routeKey: RouteKey;
  /** Labels show only once the sidebar has finished opening; otherwise they are for screen readers. */
  showLabel: boolean;
}

export function SidebarNavItem({ routeKey, showLabel }: SidebarNavItemProps) {
  const { t } = useTranslation();
  const route = ROUTES[routeKey];
  const Icon = NAV_ICONS[routeKey];
  const label = t(route.titleKey);
  return (
    <li>
      <NavLink
        to={route.path}
        data-testid={`nav-${routeKey}`}
        title={showLabel ? undefined : label}
        className={({ isActive }) =>
          cn(
            'flex h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
            isActive ? 'bg-primary-soft text-primary' : 'text-foreground-muted hover:bg-muted hover:text-foreground',
          )
        }
      >
        {Icon ? <Icon className="shrink-0" /> : null}
        <span className={showLabel ? 'truncate' : 'sr-only'}>{label}</span>
      </NavLink>
    </li>
  );
}
