import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UI_TIMINGS } from '@homecam/shared';
import { ROUTES, SIDEBAR_BOTTOM, SIDEBAR_EXTRAS, SIDEBAR_MAIN, type RouteKey } from '../../routing/route-table';
import { useDelayedFlag } from '../../hooks/use-delayed-flag';
import { useRouteAccess } from '../../hooks/use-permissions';
import { useUiConfig } from '../../hooks/use-ui-config';
import { cn } from '../ui/cn';
import { CloseIcon } from '../ui/icons';
import { modalDialogOpen } from '../ui/use-modal-dialog';
import { InstallAppButton } from './InstallAppButton';
import { Logo } from './Logo';
import { ProfileMenu } from './ProfileMenu';
import { SidebarNavItem } from './SidebarNavItem';

export interface SidebarProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §2/§4: minified (icons) or open. Opening shows an overlay and the full content after 200 ms.
 * On a phone the minified sidebar is hidden and the open one is a drawer.
 */
export function Sidebar({ open, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const canOpen = useRouteAccess();
  const version = useUiConfig()?.version;
  const full = useDelayedFlag(open, UI_TIMINGS.sidebarContentDelayMs);
  const visible = (keys: readonly RouteKey[]) => keys.filter(canOpen);
  const extras = visible(SIDEBAR_EXTRAS);

  // Escape closes it too, as the overlay click does, for keyboard users; not while a dialog is open above it
  // (a modal dialog sits in the top layer and the Escape is its own).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !modalDialogOpen(document)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      {open ? <div data-testid="sidebar-overlay" className="fixed inset-0 z-30 bg-overlay" onClick={onClose} aria-hidden="true" /> : null}
      <aside
        data-testid="sidebar"
        data-state={open ? 'open' : 'minified'}
        aria-label={t('nav.sidebar')}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-surface transition-[translate,width] duration-200',
          open ? 'translate-x-0' : '-translate-x-full md:w-18 md:translate-x-0',
        )}
      >
        <div className="flex h-14 shrink-0 items-center justify-between px-3">
          <Link to={ROUTES.dashboard.path} data-testid="sidebar-logo" aria-label={t('nav.home')} className="rounded-lg">
            <Logo showName={full} />
          </Link>
          {full ? (
            <button type="button" onClick={onClose} aria-label={t('nav.closeMenu')} className="rounded-lg p-2 text-foreground-muted hover:bg-muted">
              <CloseIcon />
            </button>
          ) : null}
        </div>
        <div className="shrink-0 px-2 pb-2">
          <ProfileMenu showDetails={full} />
        </div>
        <nav aria-label={t('nav.main')} className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden px-2">
          <ul className="flex flex-col gap-1">
            {visible(SIDEBAR_MAIN).map((key) => (
              <SidebarNavItem key={key} routeKey={key} showLabel={full} />
            ))}
          </ul>
          {extras.length > 0 ? (
            <>
              <p className={cn('mt-4 mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-foreground-muted', !full && 'sr-only')}>
                {t('nav.extras')}
              </p>
              {full ? null : <hr className="my-3 border-border" />}
              <ul className="flex flex-col gap-1">
                {extras.map((key) => (
                  <SidebarNavItem key={key} routeKey={key} showLabel={full} />
                ))}
              </ul>
            </>
          ) : null}
        </nav>
        <div className="shrink-0 border-t border-border px-2 py-2">
          <ul className="flex flex-col gap-1">
            {visible(SIDEBAR_BOTTOM).map((key) => (
              <SidebarNavItem key={key} routeKey={key} showLabel={full} />
            ))}
            <InstallAppButton showLabel={full} />
          </ul>
          <p data-testid="app-version" className={cn('px-3 pt-2 text-xs text-foreground-muted', !full && 'text-center px-0')}>
            {version ? (full ? t('nav.version', { version }) : `v${version}`) : null}
          </p>
        </div>
      </aside>
    </>
  );
}
