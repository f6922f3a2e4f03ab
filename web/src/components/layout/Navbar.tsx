import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../routing/route-table';
import { cn } from '../ui/cn';
import { MenuIcon } from '../ui/icons';
import { Logo } from './Logo';
import { NotificationBell } from './NotificationBell';
import { RealtimeIndicator } from './RealtimeIndicator';
import { useRealtimeStatus } from '../../hooks/use-realtime-status';

export interface NavbarProps {
  /** Camview's minified navbar (spec §2). */
  minified?: boolean;
  onMenuClick: () => void;
}

export function Navbar({ minified = false, onMenuClick }: NavbarProps) {
  const { t } = useTranslation();
  const realtime = useRealtimeStatus();
  return (
    <header
      data-testid="navbar"
      data-realtime={realtime}
      data-minified={minified || undefined}
      className={cn(
        'sticky top-0 z-20 flex items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur sm:px-4',
        minified ? 'h-11' : 'h-14',
      )}
    >
      <button
        type="button"
        onClick={onMenuClick}
        data-testid="navbar-menu"
        aria-label={t('nav.openMenu')}
        className={cn('inline-flex items-center justify-center rounded-lg text-foreground hover:bg-muted', minified ? 'h-8 w-8' : 'h-10 w-10')}
      >
        <MenuIcon />
      </button>
      {/* On a phone the sidebar is hidden, so the navbar carries the name. */}
      <Link to={ROUTES.dashboard.path} className="md:hidden" aria-label={t('nav.home')}>
        <Logo showName={!minified} />
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <RealtimeIndicator status={realtime} compact={minified} />
        <NotificationBell compact={minified} />
      </div>
    </header>
  );
}
