import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profileLabel } from '@homecam/shared';
import defaultAvatar from '../../assets/default-avatar.svg';
import { ROUTES } from '../../routing/route-table';
import { useRouteAccess } from '../../hooks/use-permissions';
import { useCurrentUser, useSessionActions, useUserPhotoUrl } from '../../hooks/use-session';
import { Avatar } from '../ui/Avatar';
import { cn } from '../ui/cn';
import { LogoutIcon, ShieldIcon, UserIcon } from '../ui/icons';

/** Avatar, name and Master/User label; opens links to the account, the system page (admin) and sign-out. */
export function ProfileMenu({ showDetails }: { showDetails: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const photoUrl = useUserPhotoUrl();
  const canOpen = useRouteAccess();
  const { logout } = useSessionActions();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  if (!user) return null;
  const label = profileLabel(user.permissionLevel) === 'Master' ? t('profile.master') : t('profile.user');
  const itemClass = 'flex h-10 items-center gap-3 rounded-md px-3 text-sm text-foreground hover:bg-muted';

  return (
    <div ref={container} className="relative">
      <button
        type="button"
        data-testid="profile-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('nav.profileMenu')}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-muted"
      >
        <Avatar src={photoUrl} fallbackSrc={defaultAvatar} alt="" className="h-9 w-9" />
        <span className={cn('min-w-0 flex-col', showDetails ? 'flex' : 'sr-only')}>
          <span data-testid="profile-username" className="truncate text-sm font-semibold text-foreground">
            {user.username}
          </span>
          <span data-testid="profile-label" className="text-xs text-foreground-muted">
            {label}
          </span>
        </span>
      </button>
      {open ? (
        <div
          role="menu"
          data-testid="profile-menu-items"
          className="absolute left-2 top-full z-50 mt-1 w-56 rounded-lg border border-border bg-surface-raised p-1 shadow-panel"
        >
          <Link role="menuitem" to={ROUTES['settings-account'].path} data-testid="profile-account" className={itemClass} onClick={() => setOpen(false)}>
            <UserIcon /> {t('nav.account')}
          </Link>
          {canOpen('settings-system') ? (
            <Link role="menuitem" to={ROUTES['settings-system'].path} data-testid="profile-system" className={itemClass} onClick={() => setOpen(false)}>
              <ShieldIcon /> {t('nav.system')}
            </Link>
          ) : null}
          <button role="menuitem" type="button" data-testid="sign-out" className={cn(itemClass, 'w-full')} onClick={logout}>
            <LogoutIcon /> {t('nav.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
